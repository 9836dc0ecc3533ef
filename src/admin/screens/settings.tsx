import { useState } from 'react';
import { settingsInputSchema } from '../../core/settings/settings.schema.ts';
import { fieldErrorsOf } from '../api.ts';
import type { SiteSettings } from '../types.ts';
import { AdminPage, Card, LoadingText } from '../ui/admin-page.tsx';
import { Button } from '../ui/button.tsx';
import { InputField } from '../ui/field.tsx';
import { useEditVersion, useRecordWithVersion, versionOf, type VersionedEdit } from '../use-edit-version.ts';
import { useSave } from '../use-save.ts';
import { useUndoEdit } from '../use-undo-edit.ts';
import { useAdminForm } from '../forms/use-admin-form.ts';
import { FormImageField } from '../forms/form-fields.tsx';
import { BackupsCard } from './settings-backups.tsx';
import { AccentColourField } from '../forms/accent-colour-field.tsx';
import { Controller } from 'react-hook-form';
import { EarlierVersions, VersionInForm } from '../ui/earlier-versions.tsx';

type Values = Record<'clubName' | 'tagline' | 'messagingGroupUrl' | 'socialGroupUrl' | 'contactEmail' | 'accentColor', string> & {
  logoUrl: string | null;
  heroImageUrl: string | null;
};

const toValues = (s: SiteSettings): Values => ({
  clubName: s.clubName,
  tagline: s.tagline,
  messagingGroupUrl: s.messagingGroupUrl ?? '',
  socialGroupUrl: s.socialGroupUrl ?? '',
  contactEmail: s.contactEmail ?? '',
  logoUrl: s.logoUrl,
  heroImageUrl: s.heroImageUrl,
  accentColor: s.accentColor ?? '',
});

const SETTINGS_URL = '/api/settings';
const VERSIONS_URL = '/api/admin/settings/versions';
/** What an earlier version of the settings holds and 'Use this version' puts back (docs/decisions/055, 061). */
const VERSIONED_FIELDS = [
  { name: 'clubName', label: 'Club name' },
  { name: 'tagline', label: 'Tagline' },
  { name: 'accentColor', label: 'Accent colour' },
  { name: 'messagingGroupUrl', label: 'Messaging group link' },
  { name: 'socialGroupUrl', label: 'Social group link' },
  { name: 'contactEmail', label: 'Contact email' },
];
const VERSIONED_PICTURES = [
  { name: 'logoUrl', label: 'Logo' },
  { name: 'heroImageUrl', label: 'Welcome banner photo' },
];

const toBody = (v: Values) => ({
  clubName: v.clubName,
  tagline: v.tagline,
  messagingGroupUrl: v.messagingGroupUrl.trim() || null,
  socialGroupUrl: v.socialGroupUrl.trim() || null,
  contactEmail: v.contactEmail.trim() || null,
  logoUrl: v.logoUrl,
  heroImageUrl: v.heroImageUrl,
  accentColor: v.accentColor.trim() || null,
});

/** The club's name, tagline, logo and footer links: the header, hero, footer and shares use them. */
export function SettingsScreen() {
  const settings = useRecordWithVersion<SiteSettings>(SETTINGS_URL);
  return (
    <AdminPage title="Site Settings">
      {settings.isLoading ? (
        <LoadingText>Loading settings...</LoadingText>
      ) : settings.data ? (
        <div className="space-y-6">
          <SettingsForm initial={toValues(settings.data.body)} version={versionOf(settings.data.etag)} />
          <BackupsCard />
        </div>
      ) : (
        <p role="alert">Failed to load the settings.</p>
      )}
    </AdminPage>
  );
}

function SettingsForm({ initial, version }: { initial: Values; version: string }) {
  // Two image fields: saving waits until neither is uploading (one finishing must not release the other).
  const [uploads, setUploads] = useState({ logoUrl: false, heroImageUrl: false });
  const trackUpload = (field: keyof typeof uploads) => (busy: boolean) => setUploads((state) => ({ ...state, [field]: busy }));
  const uploading = uploads.logoUrl || uploads.heroImageUrl;
  const versions = useEditVersion(SETTINGS_URL);
  // 'Undo' after a save puts back what was saved before it (the form's defaults), unless the
  // logo or the banner photo changed: the old one was released with the save.
  const undoEdit = useUndoEdit<Values>({
    url: () => '/api/admin/settings',
    body: toBody,
    headers: (id) => versions.headers({ id, version }),
    refresh: [SETTINGS_URL, VERSIONS_URL],
    onSuccess: (id, values, etag) => {
      versions.saved({ id, version }, etag);
      form.reset(values);
    },
    onError: (error, id) => versions.failed(error, { id, version }),
  });
  const save = useSave<VersionedEdit & { values: Values }>({
    method: 'PUT',
    url: () => '/api/admin/settings',
    headers: versions.headers,
    body: ({ values }) => toBody(values),
    success: 'Site settings updated successfully',
    failure: 'Failed to update site settings',
    refresh: [SETTINGS_URL, VERSIONS_URL],
    // What was saved is the new starting point: the form is no longer 'unsaved'.
    onSuccess: (input, etag) => {
      setUsed(null);
      versions.saved(input, etag);
      form.reset(input.values);
    },
    onError: versions.failed,
    // A logo or banner photo replaced or removed is kept a while for this (docs/decisions/050).
    undo: ({ id }) => undoEdit.offer(id),
  });
  const form = useAdminForm(settingsInputSchema, initial, fieldErrorsOf(save.error));
  // When the words put in the form by 'Use this version' were saved; null once saved or never.
  const [used, setUsed] = useState<string | null>(null);
  const { register, control, submitWith, errorOf } = form;
  const text = (key: Exclude<keyof Values, 'logoUrl' | 'heroImageUrl'>) => ({ ...register(key), error: errorOf(key) });

  return (
    <>
      <form
        onSubmit={submitWith((values) => {
          undoEdit.remember(SETTINGS_URL, { ...form.formState.defaultValues } as Values);
          save.mutate({ id: SETTINGS_URL, version, values });
        })}
        noValidate
        className="space-y-6"
      >
        <VersionInForm savedAt={used} />
        <Card>
          <h2 className="mb-3 text-xl font-bold">The club</h2>
          <div className="space-y-4">
            <InputField label="Club name" required {...text('clubName')} hint="Shown in the header, the welcome banner and shared links." />
            <InputField label="Tagline" {...text('tagline')} hint="A short line under the welcome heading (optional)." />
            <FormImageField
              control={control}
              name="logoUrl"
              flow="direct"
              label="Logo"
              error={errorOf('logoUrl')}
              onBusyChange={trackUpload('logoUrl')}
            />
          </div>
        </Card>
        <Card>
          <h2 className="mb-3 text-xl font-bold">The look of the site</h2>
          <div className="space-y-6">
            <FormImageField
              control={control}
              name="heroImageUrl"
              flow="direct"
              label="Welcome banner photo"
              error={errorOf('heroImageUrl')}
              onBusyChange={trackUpload('heroImageUrl')}
            />
            <p className="-mt-4 text-sm text-slate-600">
              Shown behind the welcome text on the home page, darkened so that the text stays easy to read. A wide photo works best.
            </p>
            <Controller
              control={control}
              name="accentColor"
              render={({ field }) => <AccentColourField value={field.value} onChange={field.onChange} error={errorOf('accentColor')} />}
            />
          </div>
        </Card>
        <Card>
          <h2 className="mb-3 text-xl font-bold">Footer links</h2>
          <p className="mb-3 text-sm text-slate-600">Links left empty are not shown.</p>
          <div className="space-y-4">
            <InputField label="Messaging group link" type="url" inputMode="url" placeholder="https://" {...text('messagingGroupUrl')} />
            <InputField label="Social group link" type="url" inputMode="url" placeholder="https://" {...text('socialGroupUrl')} />
            <InputField label="Contact email" type="email" inputMode="email" {...text('contactEmail')} />
          </div>
        </Card>
        <Button type="submit" disabled={save.isPending || uploading}>
          {save.isPending ? 'Saving Changes...' : 'Save Changes'}
        </Button>
      </form>
      <EarlierVersions url={VERSIONS_URL} fields={VERSIONED_FIELDS} pictures={VERSIONED_PICTURES} form={form as never} onUsed={setUsed} />
    </>
  );
}
