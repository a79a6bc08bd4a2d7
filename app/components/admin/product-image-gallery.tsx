import { useRef, useState } from 'react';
import { Form } from 'react-router';
import { AdminActionForm } from './admin-action-form.tsx';
import { imageSources } from '#app/components/catalogue/product-card.tsx';
import { CsrfField, FieldMessage } from '#app/components/forms/form-fields.tsx';
import type { FieldError } from '#app/lib/forms/field-errors.ts';
import { useI18n } from '#app/modules/i18n/i18n.tsx';
import { localeCodes } from '#app/modules/i18n/locales.ts';

interface GalleryImage {
  id: number;
  path: string;
  width: number;
  height: number;
  alt: Record<string, string>;
}

/**
 * A product's images in their order: move up or down (buttons, so the keyboard can), alt text per
 * locale, remove; and the upload. The upload is a plain file field that works without JavaScript;
 * with it, a file dropped on the zone is put into that field and sent at once.
 */
export function ProductImageGallery({
  images,
  productName,
  canWrite,
  error,
}: {
  images: GalleryImage[];
  productName: string;
  canWrite: boolean;
  error?: FieldError;
}) {
  const { t } = useI18n();
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  return (
    <section id="images" className="admin-panel" aria-labelledby="images-heading">
      <h2 id="images-heading">{t('admin.catalogue.images.title')}</h2>
      {images.length === 0 && <p>{t('admin.catalogue.images.none')}</p>}
      <ol className="admin-gallery">
        {images.map((image, index) => (
          <li key={image.id} className="admin-gallery__item">
            <img {...imageSources(image.path, 160)} width={120} height={120} alt={image.alt.en ?? productName} loading="lazy" />
            <p className="admin-gallery__meta">
              {t('admin.catalogue.images.number', { number: index + 1 })} · {image.width} × {image.height}
            </p>
            {canWrite && (
              <>
                <div className="admin-inline-form">
                  <AdminActionForm
                    intent="image-up"
                    label={
                      <>
                        {t('admin.catalogue.images.up')}
                        <span className="visually-hidden"> ({t('admin.catalogue.images.number', { number: index + 1 })})</span>
                      </>
                    }
                    fields={{ imageId: image.id }}
                    disabled={index === 0}
                    preventScrollReset
                  />
                  <AdminActionForm
                    intent="image-down"
                    label={
                      <>
                        {t('admin.catalogue.images.down')}
                        <span className="visually-hidden"> ({t('admin.catalogue.images.number', { number: index + 1 })})</span>
                      </>
                    }
                    fields={{ imageId: image.id }}
                    disabled={index === images.length - 1}
                    preventScrollReset
                  />
                  <AdminActionForm
                    intent="image-remove"
                    label={
                      <>
                        {t('admin.catalogue.images.remove')}
                        <span className="visually-hidden"> ({t('admin.catalogue.images.number', { number: index + 1 })})</span>
                      </>
                    }
                    tone="danger"
                    fields={{ imageId: image.id }}
                    preventScrollReset
                  />
                </div>
                <details>
                  <summary>{t('admin.catalogue.images.altTexts')}</summary>
                  <AdminActionForm
                    intent="image-alt"
                    label={t('admin.catalogue.images.saveAlt')}
                    fields={{ imageId: image.id }}
                    className="admin-gallery__alt"
                    preventScrollReset
                  >
                    {localeCodes.map((locale) => (
                      <div key={locale} className="form-field">
                        <label htmlFor={`alt-${image.id}-${locale}`}>{t('admin.catalogue.images.altFor', { locale })}</label>
                        <input id={`alt-${image.id}-${locale}`} name={`alt.${locale}`} defaultValue={image.alt[locale] ?? ''} maxLength={250} />
                      </div>
                    ))}
                  </AdminActionForm>
                </details>
              </>
            )}
          </li>
        ))}
      </ol>
      {canWrite && (
        <Form method="post" encType="multipart/form-data" ref={formRef} className="admin-upload" preventScrollReset>
          <CsrfField />
          <div
            className={`admin-upload__zone${dragging ? ' admin-upload__zone--over' : ''}`}
            onDragOver={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragLeave={() => setDragging(false)}
            onDrop={(event) => {
              event.preventDefault();
              setDragging(false);
              const file = event.dataTransfer.files[0];
              if (!file || !inputRef.current) return;
              const transfer = new DataTransfer();
              transfer.items.add(file);
              inputRef.current.files = transfer.files;
              formRef.current?.requestSubmit(formRef.current.querySelector<HTMLButtonElement>('button[value="image-upload"]'));
            }}
          >
            <p aria-hidden="true">{t('admin.catalogue.images.drop')}</p>
            <div className="form-field">
              <label htmlFor="product-image">{t('admin.catalogue.images.file')}</label>
              <input
                ref={inputRef}
                id="product-image"
                name="image"
                type="file"
                accept="image/jpeg,image/png,image/webp,image/avif,image/gif"
                aria-describedby="product-image-hint product-image-error"
                aria-invalid={error ? true : undefined}
              />
              <p id="product-image-hint" className="form-field__hint">
                {t('admin.catalogue.images.hint')}
              </p>
              <FieldMessage id="product-image-error" error={error} />
            </div>
            <button type="submit" name="intent" value="image-upload" className="button admin-button button--primary">
              {t('admin.catalogue.images.upload')}
            </button>
          </div>
        </Form>
      )}
    </section>
  );
}
