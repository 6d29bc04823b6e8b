import { Field } from '@/components/account/Field';
import type { FlashState } from '@/lib/forms/flash';
import type { HomeBanner } from '@/lib/marketing/banner-window';
import { BANNER_TEXT_MAX, LINK_MAX, NEWS_TEXT_MAX, NEWS_TITLE_MAX } from '@/lib/marketing/promotion-rules';
import type { NewsCardView } from '@/lib/marketing/promotions';
import { createNewsAction, moveNewsAction, removeNewsAction, saveBannerAction, saveNewsAction } from './promotion-actions';
import { TextAreaField } from './menu/MenuParts';
import { DeskButton, Flash } from './ScheduleParts';

/**
 * The forms of /desk/promotions/, server-rendered: each posts to its server action by itself, so the page works
 * before its scripts load and without them. An answer shows at the form it belongs to (`flash.values.target`).
 */

const LINK_HINT = 'A page of this site, starting with / (like /specials/women/laser/), or an address starting with https://. Leave it empty for none.';

/** The answer of the form `target`, if the last post was that form's. */
export function flashFor(flash: FlashState | undefined, target: string): FlashState | undefined {
  return flash?.values.target === target ? flash : undefined;
}

export function BannerForm({ banner, today, flash }: { banner: HomeBanner | null; today: string; flash?: FlashState }) {
  const errors = flash?.outcome === 'error' ? flash.fields : {};
  const values = flash?.outcome === 'error' ? flash.values : banner ? { ...banner } : { startsOn: today, endsOn: today };
  return (
    <form action={saveBannerAction} noValidate aria-labelledby="banner-form-heading" className="mt-3 flex flex-col gap-3 rounded-lg border border-stone-200 p-4">
      <h3 id="banner-form-heading" className="font-semibold">
        {banner ? 'Change the banner' : 'Set a banner'}
      </h3>
      <Flash state={flash} />
      <Field id="banner-text" name="text" label="Text" maxLength={BANNER_TEXT_MAX} defaultValue={values.text} error={errors.text} required />
      <Field id="banner-link" name="link" label="Link (optional)" maxLength={LINK_MAX} hint={LINK_HINT} defaultValue={values.link} error={errors.link} />
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="banner-starts" name="startsOn" label="First day" type="date" defaultValue={values.startsOn} error={errors.startsOn} required />
        <Field id="banner-ends" name="endsOn" label="Last day" type="date" defaultValue={values.endsOn} error={errors.endsOn} required />
      </div>
      <p className="text-sm text-stone-700">New York days: it shows from the first day&rsquo;s start to the end of the last day. Saving replaces the banner.</p>
      <div>
        <DeskButton>Save banner</DeskButton>
      </div>
    </form>
  );
}

function NewsFields({ prefix, values, errors }: { prefix: string; values: Record<string, string | undefined>; errors: Record<string, string> }) {
  return (
    <>
      <Field id={`${prefix}-title`} name="title" label="Title" maxLength={NEWS_TITLE_MAX} defaultValue={values.title} error={errors.title} required />
      <TextAreaField id={`${prefix}-text`} name="text" label="Text" rows={3} maxLength={NEWS_TEXT_MAX} defaultValue={values.text} error={errors.text} required />
      <Field id={`${prefix}-link`} name="link" label="Link (optional)" maxLength={LINK_MAX} hint={LINK_HINT} defaultValue={values.link} error={errors.link} />
      <div className="flex items-center gap-2">
        <input id={`${prefix}-published`} name="published" type="checkbox" defaultChecked={values.published === 'on'} className="h-5 w-5" />
        <label htmlFor={`${prefix}-published`} className="font-semibold">
          Published on the home page
        </label>
      </div>
    </>
  );
}

export function NewsCardForm({ card, count, flash }: { card: NewsCardView; count: number; flash?: FlashState }) {
  const prefix = `news-${card.id}`;
  const errors = flash?.outcome === 'error' ? flash.fields : {};
  const values = flash?.outcome === 'error' ? flash.values : { title: card.title, text: card.text, link: card.link, published: card.published ? 'on' : '' };
  const place = `${card.position + 1} of ${count}`;
  return (
    <li id={prefix} className="scroll-mt-4 rounded-lg border border-stone-200 p-4">
      <form action={saveNewsAction} noValidate aria-label={`News card ${place}: ${card.title}`} className="flex flex-col gap-3">
        <p className="text-sm font-semibold text-stone-700">
          Card {place}
          {card.published ? '' : ' (not published)'}
        </p>
        <Flash state={flash} />
        <input type="hidden" name="id" value={card.id} />
        <NewsFields prefix={prefix} values={values} errors={errors} />
        <div>
          <DeskButton label={`Save card ${place}`}>Save card</DeskButton>
        </div>
      </form>
      <div className="mt-3 flex flex-wrap gap-2 border-t border-stone-200 pt-3">
        {card.position > 0 ? (
          <form action={moveNewsAction}>
            <input type="hidden" name="id" value={card.id} />
            <input type="hidden" name="position" value={card.position - 1} />
            <DeskButton variant="secondary" label={`Move up “${card.title}”`}>
              Move up
            </DeskButton>
          </form>
        ) : null}
        {card.position < count - 1 ? (
          <form action={moveNewsAction}>
            <input type="hidden" name="id" value={card.id} />
            <input type="hidden" name="position" value={card.position + 1} />
            <DeskButton variant="secondary" label={`Move down “${card.title}”`}>
              Move down
            </DeskButton>
          </form>
        ) : null}
        <form action={removeNewsAction}>
          <input type="hidden" name="id" value={card.id} />
          <DeskButton variant="secondary" pendingText="Removing…" label={`Remove “${card.title}”`}>
            Remove
          </DeskButton>
        </form>
      </div>
    </li>
  );
}

export function NewNewsForm({ flash }: { flash?: FlashState }) {
  const errors = flash?.outcome === 'error' ? flash.fields : {};
  const values = flash?.outcome === 'error' ? flash.values : { published: 'on' };
  return (
    <form id="news-new" action={createNewsAction} noValidate aria-labelledby="news-new-heading" className="mt-4 flex scroll-mt-4 flex-col gap-3 rounded-lg border border-stone-200 p-4">
      <h3 id="news-new-heading" className="font-semibold">
        Add a card
      </h3>
      <Flash state={flash} />
      <NewsFields prefix="news-new" values={values} errors={errors} />
      <div>
        <DeskButton>Add card</DeskButton>
      </div>
    </form>
  );
}
