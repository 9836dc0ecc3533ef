import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fieldErrorsOf } from '../api.ts';
import { formatEventWhen, toUtcIso } from '../../core/shared/time.ts';
import { isPastEvent } from '../../core/events/events.schema.ts';
import { PastEventBadge } from '../../components/content/past-event-badge.tsx';
import { copiedEventStart, dateTimeInputValue, defaultEventStart, useTimeZone } from '../dates.ts';
import { draftKey, finishDraft } from '../drafts.ts';
import { EventForm, type EventFormValues } from '../forms/event-form.tsx';
import type { ClubEvent } from '../types.ts';
import { AdminPage } from '../ui/admin-page.tsx';
import { BookingPageLine } from '../ui/booking-page-line.tsx';
import { Button } from '../ui/button.tsx';
import { ConfirmDeleteDialog, FormDialog } from '../ui/dialog.tsx';
import { ItemActions } from '../ui/item-actions.tsx';
import { ListImage } from '../ui/list-image.tsx';
import { ListWindow } from '../ui/list-window.tsx';
import { EmptyState, ListState } from '../ui/list-state.tsx';
import { REOPEN, useEditFromLink, useItemDialogs, useItemFormAfterReload } from '../use-item-dialogs.ts';
import { useItemSaves } from '../use-item-saves.ts';
import { RecentlyDeleted } from '../ui/recently-deleted.tsx';
import { eventPath } from '../../core/shared/item-paths.ts';
import { LIST_URLS } from '../list-urls.ts';

/** A new event starts today at 10:00, the club's usual start. */
function blank(timeZone: string): EventFormValues {
  return {
    name: '',
    date: defaultEventStart(new Date(), timeZone),
    location: '',
    bookingUrl: '',
    comment: '',
    imageUrl: null,
    imageAlt: '',
    organiser: '',
  };
}

/** What an event says, as the form's fields, starting at `date` (a date-time field's value). */
function formValuesOf(event: ClubEvent, date: string): EventFormValues {
  return {
    name: event.name,
    date,
    location: event.location ?? '',
    bookingUrl: event.bookingUrl,
    comment: event.comment,
    imageUrl: event.imageUrl,
    imageAlt: event.imageAlt ?? '',
    organiser: event.organiser ?? '',
  };
}

/**
 * A new event from an existing one (docs/decisions/098): all it says, picture included, on its
 * weekday at its time after today and after it. A regular event (the monthly Saturday morning)
 * is one Copy and a date away.
 */
const copyOf = (event: ClubEvent, timeZone: string) => formValuesOf(event, copiedEventStart(event.date, new Date(), timeZone));

const copyDraftKey = (template: ClubEvent) => draftKey('events', `copy-of-${template.id}`);

const FIND_EVENTS = { label: 'Find an event by its name or place', text: (event: ClubEvent) => `${event.name} ${event.location ?? ''}` };

/** SPEC §2 Manage Events. */
export function EventsScreen() {
  const timeZone = useTimeZone();
  const events = useQuery<ClubEvent[]>({ queryKey: [LIST_URLS.events] });
  const dialogs = useItemDialogs<ClubEvent>();
  const { editing, deleting, setEditing, setDeleting } = dialogs;
  // The event a new one is copied from, while the create form is open for it; null: a blank form.
  const [template, setTemplate] = useState<ClubEvent | null>(null);

  const toBody = (values: EventFormValues) => ({
    name: values.name,
    date: toUtcIso(values.date, timeZone),
    comment: values.comment,
    bookingUrl: values.bookingUrl.trim(),
    imageUrl: values.imageUrl,
    imageAlt: values.imageAlt.trim() || null,
    organiser: values.organiser.trim() || null,
    location: values.location.trim() || null,
  });
  const { create, update, remove } = useItemSaves<EventFormValues, ClubEvent>({
    noun: 'event',
    adminUrl: '/api/admin/events',
    listUrl: LIST_URLS.events,
    trashKind: 'events',
    toBody,
    restoreBody: ({ name, date, comment, bookingUrl, imageUrl, imageAlt, organiser, location }) => ({
      name,
      date,
      comment,
      bookingUrl,
      imageUrl,
      imageAlt,
      organiser,
      location,
    }),
    dialogs: {
      ...dialogs,
      // A copy's form keeps what is typed under a key of its own (below): done with once it is saved.
      created: () => {
        if (template) finishDraft(copyDraftKey(template));
        dialogs.created();
      },
    },
  });
  const startCreating = (from: ClubEvent | null) => {
    create.reset();
    setTemplate(from);
    dialogs.setCreating(true);
  };
  useEditFromLink(
    events.data,
    (event) => {
      update.reset();
      setEditing(event);
    },
    'event',
  );
  useItemFormAfterReload(events.data, REOPEN.copy, startCreating, 'event');

  return (
    <AdminPage title="Manage Events" actions={<Button onClick={() => startCreating(null)}>Add Event</Button>}>
      <FormDialog
        open={dialogs.creating}
        onOpenChange={dialogs.setCreating}
        title="Create Event"
        reopenAs={template ? REOPEN.copy(template.id) : REOPEN.create}
      >
        <EventForm
          key={`${dialogs.createKey}:${template?.id ?? ''}`}
          initial={template ? copyOf(template, timeZone) : blank(timeZone)}
          // A copy keeps what was typed in it apart from a blank form's (and from each other copy's).
          draft={{ key: template ? copyDraftKey(template) : draftKey('events', null), version: '' }}
          submitLabel="Create Event"
          pendingLabel="Creating..."
          pending={create.isPending}
          serverErrors={fieldErrorsOf(create.error)}
          onSubmit={(values) => create.mutate(values)}
        />
      </FormDialog>
      <FormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title="Edit Event"
        reopenAs={dialogs.editingAs}
      >
        {editing && (
          <EventForm
            key={editing.id}
            draft={{ key: draftKey('events', editing.id), version: editing.updatedAt }}
            initial={formValuesOf(editing, dateTimeInputValue(editing.date, timeZone))}
            earlierVersionsUrl={`/api/admin/events/${editing.id}/versions`}
            submitLabel="Update Event"
            pendingLabel="Updating..."
            pending={update.isPending}
            serverErrors={fieldErrorsOf(update.error)}
            onSubmit={(values) => update.mutate({ ...values, id: editing.id, version: editing.updatedAt })}
          />
        )}
      </FormDialog>
      <ConfirmDeleteDialog
        open={deleting !== null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        pending={remove.isPending}
        // With its date: a club's events come back every year under the same name (decision 090).
        description={`This will permanently delete the event "${deleting?.name ?? ''}"${deleting ? ` on ${formatEventWhen(deleting.date, timeZone)}` : ''}. This action cannot be undone.`}
      />

      <ListState
        query={events}
        loading="Loading events..."
        failure="Failed to load events"
        empty={<EmptyState>No events found. Create one to get started.</EmptyState>}
      >
        {(all) => (
          <ListWindow items={all} find={FIND_EVENTS}>
            {(items) => (
              <ul className="grid gap-4 md:grid-cols-2">
                {items.map((event) => (
                  <li key={event.id} className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
                    {event.imageUrl && <ListImage url={event.imageUrl} width={640} alt="" className="h-40 w-full object-cover" />}
                    <div className="p-4">
                      {isPastEvent(event) && <PastEventBadge />}
                      <h2 className="text-lg font-bold">{event.name}</h2>
                      <p className="text-sm text-slate-600">{formatEventWhen(event.date, timeZone)}</p>
                      <p className="mt-2 line-clamp-3 whitespace-pre-line text-slate-800">{event.comment}</p>
                      <p className="mt-2 text-sm">
                        <a href={event.bookingUrl} target="_blank" rel="noopener noreferrer" className="break-all text-blue-800 underline">
                          {event.bookingUrl}
                        </a>
                      </p>
                      <BookingPageLine event={event} />
                      <div className="mt-3">
                        <ItemActions
                          name={event.name}
                          viewHref={eventPath(event.id)}
                          onEdit={() => {
                            update.reset();
                            setEditing(event);
                          }}
                          onDelete={() => setDeleting(event)}
                          onCopy={() => startCreating(event)}
                        />
                      </div>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </ListWindow>
        )}
      </ListState>
      <RecentlyDeleted kind="events" untitled="(untitled)" />
    </AdminPage>
  );
}
