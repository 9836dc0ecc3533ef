import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fieldErrorsOf } from '../api.ts';
import { dateTimeInputToIso, dateTimeInputValue, displayDate, useTimeZone } from '../dates.ts';
import { EventForm, type EventFormValues } from '../forms/event-form.tsx';
import { thumbnail, type ClubEvent } from '../types.ts';
import { AdminPage, LoadingText } from '../ui/admin-page.tsx';
import { Button } from '../ui/button.tsx';
import { ConfirmDeleteDialog, FormDialog } from '../ui/dialog.tsx';
import { useSave } from '../use-save.ts';

/** A new event starts today at 10:00, the club's usual start. */
function blank(timeZone: string): EventFormValues {
  return { name: '', date: `${dateTimeInputValue(new Date(), timeZone).slice(0, 10)}T10:00`, location: '', bookingUrl: '', comment: '', imageUrl: null, organiser: '' };
}

/** SPEC §2 Manage Events. */
export function EventsScreen() {
  const timeZone = useTimeZone();
  const events = useQuery<ClubEvent[]>({ queryKey: ['/api/events'] });
  const [creating, setCreating] = useState(false);
  const [createKey, setCreateKey] = useState(0);
  const [editing, setEditing] = useState<ClubEvent | null>(null);
  const [deleting, setDeleting] = useState<ClubEvent | null>(null);

  const toBody = (values: EventFormValues) => ({
    name: values.name,
    date: dateTimeInputToIso(values.date, timeZone),
    comment: values.comment,
    bookingUrl: values.bookingUrl.trim(),
    imageUrl: values.imageUrl,
    organiser: values.organiser.trim() || null,
    location: values.location.trim() || null,
  });
  const create = useSave<EventFormValues>({
    method: 'POST',
    url: () => '/api/admin/events',
    body: toBody,
    success: 'Event created successfully',
    failure: 'Failed to create event',
    refresh: ['/api/events'],
    onSuccess: () => {
      setCreating(false);
      setCreateKey((k) => k + 1);
    },
  });
  const update = useSave<EventFormValues & { id: string }>({
    method: 'PUT',
    url: ({ id }) => `/api/admin/events/${id}`,
    body: toBody,
    success: 'Event updated successfully',
    failure: 'Failed to update event',
    refresh: ['/api/events'],
    onSuccess: () => setEditing(null),
  });
  const remove = useSave<string>({
    method: 'DELETE',
    url: (id) => `/api/admin/events/${id}`,
    success: 'Event deleted successfully',
    failure: 'Failed to delete event',
    refresh: ['/api/events'],
    onSuccess: () => setDeleting(null),
  });

  return (
    <AdminPage
      title="Manage Events"
      actions={
        <Button
          onClick={() => {
            create.reset();
            setCreating(true);
          }}
        >
          Add Event
        </Button>
      }
    >
      <FormDialog open={creating} onOpenChange={setCreating} title="Create Event">
        <EventForm
          key={createKey}
          initial={blank(timeZone)}
          submitLabel="Create Event"
          pendingLabel="Creating..."
          pending={create.isPending}
          serverErrors={fieldErrorsOf(create.error)}
          onSubmit={(values) => create.mutate(values)}
        />
      </FormDialog>
      <FormDialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} title="Edit Event">
        {editing && (
          <EventForm
            key={editing.id}
            initial={{
              name: editing.name,
              date: dateTimeInputValue(editing.date, timeZone),
              location: editing.location ?? '',
              bookingUrl: editing.bookingUrl,
              comment: editing.comment,
              imageUrl: editing.imageUrl,
              organiser: editing.organiser ?? '',
            }}
            submitLabel="Update Event"
            pendingLabel="Updating..."
            pending={update.isPending}
            serverErrors={fieldErrorsOf(update.error)}
            onSubmit={(values) => update.mutate({ ...values, id: editing.id })}
            />
        )}
      </FormDialog>
      <ConfirmDeleteDialog
        open={deleting !== null}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        pending={remove.isPending}
        description={`This will permanently delete the event "${deleting?.name ?? ''}". This action cannot be undone.`}
      />

      {events.isLoading ? (
        <LoadingText>Loading events...</LoadingText>
      ) : events.isError ? (
        <p role="alert">Failed to load events: {events.error.message}</p>
      ) : (events.data ?? []).length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-700">No events found. Create one to get started.</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {events.data!.map((event) => (
            <li key={event.id} className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
              {event.imageUrl && <img src={thumbnail(event.imageUrl, 640)} alt="" referrerPolicy="no-referrer" className="h-40 w-full object-cover" />}
              <div className="p-4">
                <h2 className="text-lg font-bold">{event.name}</h2>
                <p className="text-sm text-slate-600">{displayDate(event.date, timeZone)}</p>
                <p className="mt-2 line-clamp-3 whitespace-pre-line text-slate-800">{event.comment}</p>
                <p className="mt-2 text-sm">
                  <a href={event.bookingUrl} target="_blank" rel="noopener noreferrer" className="break-all text-blue-800 underline">
                    {event.bookingUrl}
                  </a>
                </p>
                <div className="mt-3 flex gap-2">
                  <Button
                    variant="secondary"
                    onClick={() => {
                      update.reset();
                      setEditing(event);
                    }}
                    aria-label={`Edit ${event.name}`}
                  >
                    Edit
                  </Button>
                  <Button variant="destructive" onClick={() => setDeleting(event)} aria-label={`Delete ${event.name}`}>
                    Delete
                  </Button>
                </div>
              </div>
            </li>
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
