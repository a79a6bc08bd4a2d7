import type { ProductVariant } from '#app/modules/catalogue/product-detail.server.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { CatalogueUnitPrice, variantLengthCm } from './unit-price.tsx';
import { Button } from '#app/components/ui/button.tsx';

export interface OptionChoice {
  option: string;
  label: string;
  attributeLabel: string;
  sortValue: number | null;
}

/** The configurable attributes a product offers (colour, length…), each with its choices in order. */
export function optionChoices(variants: ProductVariant[]): Map<string, OptionChoice[]> {
  const choices = new Map<string, OptionChoice[]>();
  for (const v of variants) {
    for (const o of v.options) {
      const list = choices.get(o.attribute) ?? [];
      if (!list.some((c) => c.option === o.option)) list.push(o);
      choices.set(o.attribute, list);
    }
  }
  return choices;
}

/** The option radios (a chip each; a GET form, so choosing works without JavaScript too). */
export function ProductOptions({
  selectable,
  selection,
  variants,
  soldByLength,
  optionLabel,
  onChoose,
}: {
  selectable: [string, OptionChoice[]][];
  selection: Record<string, string>;
  variants: ProductVariant[];
  soldByLength: boolean;
  optionLabel: (attribute: string, option: OptionChoice) => string;
  onChoose: (attribute: string, option: string) => void;
}) {
  const { t } = useI18n();
  return (
    <form method="get" className="product__options">
      {selectable.map(([attribute, options]) => (
        <fieldset key={attribute} className="option-group">
          <legend>{t('product.chooseOption', { option: options[0]?.attributeLabel ?? attribute })}</legend>
          <div className="option-group__choices">
            {options.map((option) => {
              const optionVariant = variants.find((v) => v.options.some((o) => o.attribute === attribute && o.option === option.option));
              return (
                <label key={option.option} className={`option-chip${optionVariant?.inStock === false ? ' option-chip--out' : ''}`}>
                  <input
                    type="radio"
                    name={attribute}
                    value={option.option}
                    checked={selection[attribute] === option.option}
                    onChange={() => onChoose(attribute, option.option)}
                  />
                  <span>
                    {optionLabel(attribute, option)}
                    {attribute === 'length' && optionVariant && !soldByLength && (
                      <CatalogueUnitPrice netEurCents={optionVariant.priceCents} lengthCm={variantLengthCm(optionVariant)} />
                    )}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      ))}
      <noscript>
        <Button type="submit">{t('product.select')}</Button>
      </noscript>
    </form>
  );
}
