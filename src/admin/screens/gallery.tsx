import { useQuery } from '@tanstack/react-query';
import { fieldErrorsOf } from '../api.ts';
import { draftKey, finishDraft } from '../drafts.ts';
import { GalleryForm, type GalleryFormValues } from '../forms/gallery-form.tsx';
import type { GalleryImage } from '../types.ts';
import { AdminPage } from '../ui/admin-page.tsx';
import { Button } from '../ui/button.tsx';
import { FormDialog } from '../ui/dialog.tsx';
import { ItemActions } from '../ui/item-actions.tsx';
import { photoPath } from '../../core/shared/photo-address.ts';
import { ListImage } from '../ui/list-image.tsx';
import { ListWindow } from '../ui/list-window.tsx';
import { EmptyState, ListState } from '../ui/list-state.tsx';
import { REOPEN, useEditFromLink, useItemDialogs } from '../use-item-dialogs.ts';
import { useEditVersion, type VersionedEdit } from '../use-edit-version.ts';
import { useSave } from '../use-save.ts';
import { RESTORE_HINT, useTrash } from '../use-trash.ts';
import { useUndoEdit } from '../use-undo-edit.ts';
import { RecentlyDeleted } from '../ui/recently-deleted.tsx';
import { BULK_UPLOAD_TITLE, BulkUploadDialog } from '../uploads/bulk-upload-dialog.tsx';
import { useState } from 'react';
import { LIST_URLS } from '../list-urls.ts';

const FIND_IMAGES = { label: 'Find an image by its caption', text: (image: GalleryImage) => image.caption ?? '' };
const DELETE_IMAGE_QUESTION = 'Are you sure you want to delete this image?';

/** SPEC §2 Manage Gallery. */
export function GalleryScreen() {
  const gallery = useQuery<GalleryImage[]>({ queryKey: [LIST_URLS.gallery] });
  const dialogs = useItemDialogs<GalleryImage>();
  const { editing, setEditing } = dialogs;

  const toBody = (values: GalleryFormValues) => ({
    imageUrl: values.imageUrl,
    caption: values.caption.trim() || null,
    imageAlt: values.imageAlt.trim() || null,
  });
  const add = useSave<GalleryFormValues>({
    method: 'POST',
    url: () => '/api/admin/gallery',
    body: toBody,
    success: 'Image added to gallery',
    failure: 'Failed to add image to gallery',
    bare: true,
    refresh: [LIST_URLS.gallery],
    onSuccess: () => {
      finishDraft(draftKey('gallery', null));
      dialogs.created();
    },
  });
  const version = useEditVersion(LIST_URLS.gallery);
  const undoEdit = useUndoEdit<GalleryImage>({
    url: (id) => `/api/admin/gallery/${id}`,
    body: ({ imageUrl, caption, imageAlt }) => ({ imageUrl, caption, imageAlt }),
    headers: (id) => version.headers({ id, version: '' }),
    refresh: [LIST_URLS.gallery],
    onSuccess: (id, _image, etag) => version.saved({ id, version: '' }, etag),
    onError: (error, id) => version.failed(error, { id, version: '' }),
  });
  const update = useSave<GalleryFormValues & VersionedEdit>({
    method: 'PUT',
    url: ({ id }) => `/api/admin/gallery/${id}`,
    body: toBody,
    headers: version.headers,
    success: 'Gallery image updated',
    failure: 'Failed to update gallery image',
    bare: true,
    refresh: [LIST_URLS.gallery],
    onSuccess: (input, etag) => {
      finishDraft(draftKey('gallery', input.id));
      version.saved(input, etag);
      setEditing(null);
    },
    onError: version.failed,
    // A replaced picture is kept a while for this (docs/decisions/050): it can be put back too.
    undo: (input) => undoEdit.offer(input.id),
  });
  const trash = useTrash('gallery');
  const remove = useSave<string>({
    method: 'DELETE',
    url: (id) => `/api/admin/gallery/${id}`,
    success: 'Gallery image deleted',
    failure: 'Failed to delete gallery image',
    refresh: [LIST_URLS.gallery, trash.deletedUrl],
    undo: (id) => ({ run: () => trash.restore.mutate(id), hint: RESTORE_HINT }),
  });

  // The activity log's 'Earlier versions' of a photo (docs/decisions/061).
  useEditFromLink(
    gallery.data,
    (image) => {
      version.reset();
      update.reset();
      setEditing(image);
    },
    'photo',
  );

  const [bulkOpen, setBulkOpen] = useState(false);
  const openAdd = () => {
    add.reset();
    dialogs.setCreating(true);
  };

  return (
    <AdminPage
      title="Manage Gallery"
      actions={
        <>
          <Button variant="secondary" onClick={() => setBulkOpen(true)}>
            {BULK_UPLOAD_TITLE}
          </Button>
          <Button onClick={openAdd}>Add Image</Button>
        </>
      }
    >
      <BulkUploadDialog open={bulkOpen} onOpenChange={setBulkOpen} />
      <FormDialog open={dialogs.creating} onOpenChange={dialogs.setCreating} title="Add Gallery Image" reopenAs={REOPEN.create}>
        <GalleryForm
          key={dialogs.createKey}
          initial={{ imageUrl: null, caption: '', imageAlt: '' }}
          draft={{ key: draftKey('gallery', null), version: '' }}
          submitLabel="Add Image"
          pendingLabel="Adding..."
          pending={add.isPending}
          serverErrors={fieldErrorsOf(add.error)}
          onSubmit={(values) => add.mutate(values)}
        />
      </FormDialog>
      <FormDialog
        open={editing !== null}
        onOpenChange={(open) => !open && setEditing(null)}
        title="Edit Gallery Image"
        reopenAs={dialogs.editingAs}
      >
        {editing && (
          <GalleryForm
            key={editing.id}
            initial={{ imageUrl: editing.imageUrl, caption: editing.caption ?? '', imageAlt: editing.imageAlt ?? '' }}
            draft={{ key: draftKey('gallery', editing.id), version: editing.updatedAt }}
            submitLabel="Update Image"
            pendingLabel="Updating..."
            pending={update.isPending}
            serverErrors={fieldErrorsOf(update.error)}
            earlierVersionsUrl={`/api/admin/gallery/${editing.id}/versions`}
            onSubmit={(values) => {
              undoEdit.remember(editing.id, editing);
              update.mutate({ ...values, id: editing.id, version: editing.updatedAt });
            }}
          />
        )}
      </FormDialog>

      <ListState
        query={gallery}
        loading="Loading gallery images..."
        failure="Failed to load gallery images"
        empty={
          <EmptyState>
            <p>No images in the gallery yet.</p>
            <Button className="mt-4" onClick={openAdd}>
              Add your first image
            </Button>
          </EmptyState>
        }
      >
        {(all) => (
          <ListWindow items={all} find={FIND_IMAGES}>
            {(images) => (
              <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
                <table className="w-full text-left">
                  <thead className="bg-slate-50 text-sm">
                    <tr>
                      <th scope="col" className="p-3">
                        Image
                      </th>
                      <th scope="col" className="p-3">
                        Caption
                      </th>
                      {/* On a phone the actions stack, and the column keeps only the width they need: the
                          rest goes to the caption, whose words then fit whole. */}
                      <th scope="col" className="w-px p-3 text-right sm:w-auto">
                        Actions
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-slate-200">
                    {images.map((image) => (
                      <tr key={image.id}>
                        <td className="p-3">
                          <ListImage
                            url={image.imageUrl}
                            alt={image.caption ?? 'Gallery image'}
                            className="h-16 w-16 max-w-none rounded object-cover sm:h-20 sm:w-20"
                          />
                        </td>
                        <td className="p-3 text-slate-800">{image.caption || <span className="text-slate-600">(No caption)</span>}</td>
                        <td className="p-3 whitespace-nowrap">
                          <div className="flex justify-end">
                            <ItemActions
                              name={image.caption || 'image'}
                              viewHref={photoPath(image.id)}
                              deleting={remove.isPending && remove.variables === image.id}
                              onEdit={() => {
                                version.reset();
                                update.reset();
                                setEditing(image);
                              }}
                              onDelete={() => {
                                if (window.confirm(DELETE_IMAGE_QUESTION)) remove.mutate(image.id);
                              }}
                            />
                          </div>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </ListWindow>
        )}
      </ListState>
      <RecentlyDeleted kind="gallery" untitled="(no caption)" />
    </AdminPage>
  );
}
