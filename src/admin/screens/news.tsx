import { useQuery } from '@tanstack/react-query';
import { fieldErrorsOf } from '../api.ts';
import { toUtcIso } from '../../core/shared/time.ts';
import { dateInputValue, useTimeZone } from '../dates.ts';
import { NewsForm, type NewsFormValues } from '../forms/news-form.tsx';
import type { NewsItem } from '../types.ts';
import { AdminPage } from '../ui/admin-page.tsx';
import { Button } from '../ui/button.tsx';
import { ConfirmDeleteDialog, FormDialog } from '../ui/dialog.tsx';
import { ItemActions } from '../ui/item-actions.tsx';
import { ListImage } from '../ui/list-image.tsx';
import { ListWindow } from '../ui/list-window.tsx';
import { EmptyState, ListState } from '../ui/list-state.tsx';
import { draftKey } from '../drafts.ts';
import { REOPEN, useEditFromLink, useItemDialogs } from '../use-item-dialogs.ts';
import { useItemSaves } from '../use-item-saves.ts';
import { RecentlyDeleted } from '../ui/recently-deleted.tsx';
import { newsItemPath, newsPreviewPath } from '../../core/shared/item-paths.ts';
import { LIST_URLS } from '../list-urls.ts';
import { isScheduled } from '../../core/news/news.schema.ts';
import { NewsDate } from '../ui/news-date.tsx';

const FIND_NEWS = { label: 'Find a news item by its title', text: (item: NewsItem) => item.title };

/** SPEC §2 Manage News. */
export function NewsScreen() {
  const timeZone = useTimeZone();
  const news = useQuery<NewsItem[]>({ queryKey: [LIST_URLS.news] });
  const dialogs = useItemDialogs<NewsItem>();

  const toBody = (values: NewsFormValues) => ({
    title: values.title,
    content: values.content,
    publishedAt: toUtcIso(values.publishedAt, timeZone),
    imageUrl: values.imageUrl,
    imageAlt: values.imageAlt.trim() || null,
  });
  const { create, update, remove } = useItemSaves<NewsFormValues, NewsItem>({
    noun: 'news item',
    adminUrl: '/api/admin/news',
    listUrl: LIST_URLS.news,
    trashKind: 'news',
    toBody,
    restoreBody: ({ title, content, publishedAt, imageUrl, imageAlt }) => ({ title, content, publishedAt, imageUrl, imageAlt }),
    dialogs,
  });

  const blank = (): NewsFormValues => ({
    title: '',
    publishedAt: dateInputValue(new Date(), timeZone),
    content: '',
    imageUrl: null,
    imageAlt: '',
  });
  const { editing, deleting } = dialogs;
  useEditFromLink(
    news.data,
    (item) => {
      update.reset();
      dialogs.setEditing(item);
    },
    'news item',
  );

  return (
    <AdminPage
      title="Manage News"
      actions={
        <Button
          onClick={() => {
            create.reset();
            dialogs.setCreating(true);
          }}
        >
          Add News Item
        </Button>
      }
    >
      <FormDialog open={dialogs.creating} onOpenChange={dialogs.setCreating} title="Create News Item" reopenAs={REOPEN.create}>
        <NewsForm
          key={dialogs.createKey}
          initial={blank()}
          draft={{ key: draftKey('news', null), version: '' }}
          submitLabel="Create News Item"
          pendingLabel="Creating..."
          pending={create.isPending}
          serverErrors={fieldErrorsOf(create.error)}
          onSubmit={(values) => create.mutate(values)}
        />
      </FormDialog>
      <FormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && dialogs.setEditing(null)}
        title="Edit News Item"
        reopenAs={dialogs.editingAs}
      >
        {editing && (
          <NewsForm
            key={editing.id}
            draft={{ key: draftKey('news', editing.id), version: editing.updatedAt }}
            initial={{
              title: editing.title,
              publishedAt: dateInputValue(editing.publishedAt, timeZone),
              content: editing.content,
              imageUrl: editing.imageUrl,
              imageAlt: editing.imageAlt ?? '',
            }}
            earlierVersionsUrl={`/api/admin/news/${editing.id}/versions`}
            onSite={!isScheduled(editing)}
            submitLabel="Update News Item"
            pendingLabel="Updating..."
            pending={update.isPending}
            serverErrors={fieldErrorsOf(update.error)}
            onSubmit={(values) => update.mutate({ ...values, id: editing.id, version: editing.updatedAt })}
          />
        )}
      </FormDialog>
      <ConfirmDeleteDialog
        open={deleting !== null}
        onCancel={() => dialogs.setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        pending={remove.isPending}
        description={`This will permanently delete the news item "${deleting?.title ?? ''}". This action cannot be undone.`}
      />

      <ListState
        query={news}
        loading="Loading news items..."
        failure="Failed to load news items"
        empty={<EmptyState>No news items found. Create one to get started.</EmptyState>}
      >
        {(all) => (
          <ListWindow items={all} find={FIND_NEWS}>
            {(items) => (
              <ul className="space-y-4">
                {items.map((item) => (
                  <li key={item.id} className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm sm:flex">
                    {item.imageUrl && (
                      <ListImage url={item.imageUrl} width={640} alt="" className="h-40 w-full object-cover sm:h-auto sm:w-48" />
                    )}
                    <div className="flex-1 p-4">
                      <h2 className="text-lg font-bold">{item.title}</h2>
                      <p>
                        <NewsDate item={item} timeZone={timeZone} />
                      </p>
                      <div className="news-content mt-2 line-clamp-4 text-slate-800" dangerouslySetInnerHTML={{ __html: item.content }} />
                      <div className="mt-3">
                        <ItemActions
                          name={item.title}
                          {...(isScheduled(item) ? { previewHref: newsPreviewPath(item.id) } : { viewHref: newsItemPath(item.id) })}
                          onEdit={() => {
                            update.reset();
                            dialogs.setEditing(item);
                          }}
                          onDelete={() => dialogs.setDeleting(item)}
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
      <RecentlyDeleted kind="news" untitled="(untitled)" />
    </AdminPage>
  );
}
