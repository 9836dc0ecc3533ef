import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { fieldErrorsOf } from '../api.ts';
import { GalleryForm, type GalleryFormValues } from '../forms/gallery-form.tsx';
import { thumbnail, type GalleryImage } from '../types.ts';
import { AdminPage, LoadingText } from '../ui/admin-page.tsx';
import { Button } from '../ui/button.tsx';
import { FormDialog } from '../ui/dialog.tsx';
import { useSave } from '../use-save.ts';

export const DELETE_IMAGE_QUESTION = 'Are you sure you want to delete this image?';

/** SPEC §2 Manage Gallery. */
export function GalleryScreen() {
  const gallery = useQuery<GalleryImage[]>({ queryKey: ['/api/gallery'] });
  const [adding, setAdding] = useState(false);
  const [addKey, setAddKey] = useState(0);
  const [editing, setEditing] = useState<GalleryImage | null>(null);

  const toBody = (values: GalleryFormValues) => ({ imageUrl: values.imageUrl, caption: values.caption.trim() || null });
  const add = useSave<GalleryFormValues>({
    method: 'POST',
    url: () => '/api/admin/gallery',
    body: toBody,
    success: 'Image added to gallery',
    failure: 'Failed to add image to gallery',
    bare: true,
    refresh: ['/api/gallery'],
    onSuccess: () => {
      setAdding(false);
      setAddKey((k) => k + 1);
    },
  });
  const update = useSave<GalleryFormValues & { id: string }>({
    method: 'PUT',
    url: ({ id }) => `/api/admin/gallery/${id}`,
    body: toBody,
    success: 'Gallery image updated',
    failure: 'Failed to update gallery image',
    bare: true,
    refresh: ['/api/gallery'],
    onSuccess: () => setEditing(null),
  });
  const remove = useSave<string>({
    method: 'DELETE',
    url: (id) => `/api/admin/gallery/${id}`,
    success: 'Gallery image deleted',
    failure: 'Failed to delete gallery image',
    refresh: ['/api/gallery'],
  });

  const openAdd = () => {
    add.reset();
    setAdding(true);
  };

  return (
    <AdminPage title="Manage Gallery" actions={<Button onClick={openAdd}>Add Image</Button>}>
      <FormDialog open={adding} onOpenChange={setAdding} title="Add Gallery Image">
        <GalleryForm
          key={addKey}
          initial={{ imageUrl: null, caption: '' }}
          submitLabel="Add Image"
          pendingLabel="Adding..."
          pending={add.isPending}
          serverErrors={fieldErrorsOf(add.error)}
          onSubmit={(values) => add.mutate(values)}
        />
      </FormDialog>
      <FormDialog open={editing !== null} onOpenChange={(open) => !open && setEditing(null)} title="Edit Gallery Image">
        {editing && (
          <GalleryForm
            key={editing.id}
            initial={{ imageUrl: editing.imageUrl, caption: editing.caption ?? '' }}
            submitLabel="Update Image"
            pendingLabel="Updating..."
            pending={update.isPending}
            serverErrors={fieldErrorsOf(update.error)}
            onSubmit={(values) => update.mutate({ ...values, id: editing.id })}
            />
        )}
      </FormDialog>

      {gallery.isLoading ? (
        <LoadingText>Loading gallery images...</LoadingText>
      ) : gallery.isError ? (
        <p role="alert">Failed to load gallery images: {gallery.error.message}</p>
      ) : (gallery.data ?? []).length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-8 text-center">
          <p className="text-slate-700">No images in the gallery yet.</p>
          <Button className="mt-4" onClick={openAdd}>
            Add your first image
          </Button>
        </div>
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="w-full text-left">
            <thead className="bg-slate-50 text-sm">
              <tr>
                <th scope="col" className="p-3">Image</th>
                <th scope="col" className="p-3">Caption</th>
                <th scope="col" className="p-3 text-right">Actions</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {gallery.data!.map((image) => (
                <tr key={image.id}>
                  <td className="p-3">
                    <img src={thumbnail(image.imageUrl)} alt={image.caption ?? 'Gallery image'} referrerPolicy="no-referrer" className="h-16 w-16 rounded object-cover sm:h-20 sm:w-20" />
                  </td>
                  <td className="p-3 text-slate-800">{image.caption || <span className="text-slate-600">(No caption)</span>}</td>
                  <td className="p-3">
                    <div className="flex flex-wrap justify-end gap-2">
                      <Button
                        variant="secondary"
                        aria-label={`Edit ${image.caption || 'image'}`}
                        onClick={() => {
                          update.reset();
                          setEditing(image);
                        }}
                      >
                        Edit
                      </Button>
                      <Button
                        variant="destructive"
                        aria-label={`Delete ${image.caption || 'image'}`}
                        disabled={remove.isPending && remove.variables === image.id}
                        onClick={() => {
                          if (window.confirm(DELETE_IMAGE_QUESTION)) remove.mutate(image.id);
                        }}
                      >
                        Delete
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminPage>
  );
}
