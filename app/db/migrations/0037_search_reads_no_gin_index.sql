-- Search reads no text-search or trigram index any more: products, descriptions, categories, pages, posts and
-- the lexicon are matched in memory, the database ranks found ids (decision 0045). The indexes only cost writes.
DROP INDEX "search_documents_document_idx";--> statement-breakpoint
DROP INDEX "search_documents_other_kinds_idx";--> statement-breakpoint
DROP INDEX "search_documents_title_trgm_idx";--> statement-breakpoint
DROP INDEX "search_lexicon_word_trgm_idx";
