import { useState, type DragEvent } from 'react';

/** A drop target for files: whether something is dragged over it, and the handlers to spread on it. */
export function useDropZone(onFiles: (files: File[]) => void) {
  const [dragging, setDragging] = useState(false);
  return {
    dragging,
    handlers: {
      onDragOver: (event: DragEvent) => {
        event.preventDefault();
        setDragging(true);
      },
      onDragLeave: () => setDragging(false),
      onDrop: (event: DragEvent) => {
        event.preventDefault();
        setDragging(false);
        onFiles([...event.dataTransfer.files]);
      },
    },
  };
}
