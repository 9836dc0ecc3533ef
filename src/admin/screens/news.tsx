import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fieldErrorsOf } from '../api.ts';
import { dateInputToIso, dateInputValue, displayDate, useTimeZone } from '../dates.ts';
import { NewsForm, type NewsFormValues } from '../forms/news-form.tsx';
import { thumbnail, type NewsItem } from '../types.ts';
import { AdminPage, LoadingText } from '../ui/admin-page.tsx';
import { Button } from '../ui/button.tsx';
import { ConfirmDeleteDialog, FormDialog } from '../ui/dialog.tsx';
import { useSave } from '../use-save.ts';

/** SPEC §2 Manage News. */
export function NewsScreen() {
  const timeZone = useTimeZone();
  const news = useQuery<NewsItem[]>({ queryKey: ['/api/news'] });
  const [creating, setCreating] = useState(false);
  const [createKey, setCreateKey] = useState(0);
  const [editing, setEditing] = useState<NewsItem | null>(null);
  const [deleting, setDeleting] = useState<NewsItem | null>(null);

  const toBody = (values: NewsFormValues) => ({
    title: values.title,
    content: values.content,
    publishedAt: dateInputToIso(values.publishedAt, timeZone),
    imageUrl: values.imageUrl,
  });
  const create = useSave<NewsFormValues>({
    method: 'POST',
    url: () => '/api/admin/news',
    body: toBody,
    success: 'News item created successfully',
    failure: 'Failed to create news item',
    refresh: ['/api/news'],
    onSuccess: () => {
      setCreating(false);
      setCreateKey((k) => k + 1);
    },
  });
  const update = useSave<NewsFormValues & { id: string }>({
    method: 'PUT',
    url: ({ id }) => `/api/admin/news/${id}`,
    body: (values) => ({ id: values.id, ...toBody(values) }),
    success: 'News item updated successfully',
    failure: 'Failed to update news item',
    refresh: ['/api/news'],
    onSuccess: () => setEditing(null),
  });
  const remove = useSave<string>({
    method: 'DELETE',
    url: (id) => `/api/admin/news/${id}`,
    success: 'News item deleted successfully',
    failure: 'Failed to delete news item',
    refresh: ['/api/news'],
    onSuccess: () => setDeleting(null),
  });

  const blank = (): NewsFormValues => ({ title: '', publishedAt: dateInputValue(new Date(), timeZone), content: '', imageUrl: null });

  return (
    <AdminPage
      title="Manage News"
      actions={
        <Button
          onClick={() => {
            create.reset();
            setCreating(true);
          }}
        >
          Add News Item
        </Button>
      }
    >
      <FormDialog open={creating} onOpenChange={setCreating} title="Create News Item">
        <NewsForm
          key={createKey}
          initial={blank()}
          submitLabel="Create News Item"
          pendingLabel="Creating..."
          pending={create.isPending}
          serverErrors={fieldErrorsOf(create.error)}
          onSubmit={(values) => create.mutate(values)}
        />
      </FormDialog>
      <FormDialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} title="Edit News Item">
        {editing && (
          <NewsForm
            key={editing.id}
            initial={{ title: editing.title, publishedAt: dateInputValue(editing.publishedAt, timeZone), content: editing.content, imageUrl: editing.imageUrl }}
            submitLabel="Update News Item"
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
        description={`This will permanently delete the news item "${deleting?.title ?? ''}". This action cannot be undone.`}
      />

      {news.isLoading ? (
        <LoadingText>Loading news items...</LoadingText>
      ) : news.isError ? (
        <p role="alert">Failed to load news items: {String(news.error.message)}</p>
      ) : (news.data ?? []).length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-8 text-center text-slate-700">No news items found. Create one to get started.</p>
      ) : (
        <ul className="space-y-4">
          {news.data!.map((item) => (
            <li key={item.id} className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm sm:flex">
              {item.imageUrl && <img src={thumbnail(item.imageUrl, 640)} alt="" referrerPolicy="no-referrer" className="h-40 w-full object-cover sm:h-auto sm:w-48" />}
              <div className="flex-1 p-4">
                <h2 className="text-lg font-bold">{item.title}</h2>
                <p className="text-sm text-slate-600">{displayDate(item.publishedAt, timeZone)}</p>
                <div className="news-content mt-2 line-clamp-4 text-slate-800" dangerouslySetInnerHTML={{ __html: item.content }} />
                <div className="mt-3 flex gap-2">
                  <Button
                    variant="secondary"
                    onClick={() => {
                      update.reset();
                      setEditing(item);
                    }}
                    aria-label={`Edit ${item.title}`}
                  >
                    Edit
                  </Button>
                  <Button variant="destructive" onClick={() => setDeleting(item)} aria-label={`Delete ${item.title}`}>
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
