import { MAX_ATTACHMENTS } from '@faxline/shared';
import { useEffect, useId, useRef, useState, type DragEvent, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';

import { useMaxFileSizeMB } from '@/lib/platform/use-platform-info';

import { ACCEPT_ATTRIBUTE, attachmentProblemText, checkNewFiles, moveItem } from '../utils/attachment-checks';
import { formatFileSize } from '../utils/format';

import { ArrowDownIcon, ArrowUpIcon, FileIcon, UploadIcon, XIcon } from './fax-icons';

export type TAttachment = { id: string; file: File };
/** Another way to bring files (the camera scanner): it attaches through the picker, with the picker's checks. */
export type TAttachSourceRenderer = (props: { attach: (files: File[]) => void; disabled: boolean }) => ReactNode;

type TAttachmentPickerProps = {
  attachments: TAttachment[];
  onChange: (attachments: TAttachment[]) => void;
  disabled?: boolean;
  /** The drop zone button, for focus when the form says a file is missing. */
  zoneRef?: Ref<HTMLButtonElement>;
  invalid?: boolean;
  /** Rendered under the drop zone: another way to bring files. */
  renderAttachSource?: TAttachSourceRenderer;
};

let nextId = 0;
/** Attachments of files, each with an id of its own (the list's keys and focus targets). */
export const withIds = (files: File[]): TAttachment[] => files.map((file) => ({ id: `attachment-${++nextId}`, file }));

/**
 * The files of a fax: a drop zone that is also a button opening the file picker (keyboard: Enter or Space), then the
 * list in sending order, each file with move up, move down and remove. A selection that breaks a rule (spec 001 §5)
 * is rejected whole, with the spec's toast. Changes are announced in a polite live region.
 */
export function AttachmentPicker({
  attachments,
  onChange,
  disabled = false,
  zoneRef,
  invalid,
  renderAttachSource,
}: TAttachmentPickerProps) {
  const { t, i18n } = useTranslation(['faxes', 'messages']);
  const inputRef = useRef<HTMLInputElement>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement | null>());
  const zoneButton = useRef<HTMLButtonElement | null>(null);
  const [dragging, setDragging] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  // After a move or removal, focus goes to a button that still makes sense (the moved file's, or the next file's).
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const hintId = useId();
  const maxFileSizeMB = useMaxFileSizeMB();

  useEffect(() => {
    if (!focusTarget) return;
    (focusTarget === 'zone' ? zoneButton.current : buttons.current.get(focusTarget))?.focus();
    setFocusTarget(null);
  }, [focusTarget]);

  const add = (files: File[]) => {
    if (files.length === 0) return;
    const problem = checkNewFiles(
      attachments.map((a) => a.file),
      files,
      maxFileSizeMB,
    );
    if (problem) {
      const text = attachmentProblemText(problem);
      toast({ title: t(text.title), description: t(text.description, text.values), variant: 'destructive' });
      return;
    }
    const next = [...attachments, ...withIds(files)];
    onChange(next);
    setAnnouncement(t('send.added', { count: next.length }));
  };

  const move = (index: number, step: -1 | 1) => {
    const moved = attachments[index]!;
    const next = moveItem(attachments, index, step);
    onChange(next);
    const position = index + step;
    const edge = step === -1 ? position === 0 : position === next.length - 1;
    setFocusTarget(`${moved.id}:${edge ? (step === -1 ? 'down' : 'up') : step === -1 ? 'up' : 'down'}`);
    setAnnouncement(t('send.moved', { file: moved.file.name, position: position + 1, count: next.length }));
  };

  const remove = (index: number) => {
    const removed = attachments[index]!;
    const next = attachments.filter((a) => a.id !== removed.id);
    onChange(next);
    const neighbour = next[index] ?? next[index - 1];
    setFocusTarget(neighbour ? `${neighbour.id}:remove` : 'zone');
    setAnnouncement(t('send.removed', { file: removed.file.name }));
  };

  const drop = (event: DragEvent<HTMLButtonElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) add([...event.dataTransfer.files]);
  };

  const setZoneRef = (element: HTMLButtonElement | null) => {
    zoneButton.current = element;
    if (typeof zoneRef === 'function') zoneRef(element);
    else if (zoneRef) zoneRef.current = element;
  };

  const buttonRef = (key: string) => (element: HTMLButtonElement | null) => void buttons.current.set(key, element);

  return (
    <fieldset className="flex min-w-0 flex-col gap-3">
      <legend className="mb-2 text-sm leading-none font-medium">{t('send.attachmentsLabel')}</legend>
      <button
        ref={setZoneRef}
        type="button"
        disabled={disabled}
        aria-describedby={hintId}
        aria-invalid={invalid}
        onClick={() => inputRef.current?.click()}
        onDragEnter={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={cn(
          'flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-input px-4 py-8 text-center text-sm outline-hidden transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive',
          dragging && 'border-primary bg-accent',
        )}
      >
        <UploadIcon className="size-6 text-muted-foreground" />
        <span className="font-medium">{dragging ? t('send.dropZoneActive') : t('send.dropZone')}</span>
      </button>
      <p id={hintId} className="text-sm text-muted-foreground">
        {t('send.attachmentsHint', { size: maxFileSizeMB, maxAttachments: MAX_ATTACHMENTS })}
      </p>
      {renderAttachSource?.({ attach: add, disabled })}
      <input
        ref={inputRef}
        type="file"
        multiple
        hidden
        accept={ACCEPT_ATTRIBUTE}
        onChange={(event) => {
          add([...(event.target.files ?? [])]);
          // The same file can be chosen again after it was removed.
          event.target.value = '';
        }}
      />
      {attachments.length > 0 ? (
        <ol aria-label={t('send.filesListLabel')} className="flex flex-col gap-2">
          {attachments.map(({ id, file }, index) => (
            <li key={id} className="flex items-center gap-3 rounded-md border px-3 py-2">
              <span aria-hidden="true" className="w-5 text-right text-sm text-muted-foreground tabular-nums">
                {index + 1}.
              </span>
              <FileIcon className="text-muted-foreground" />
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-medium wrap-anywhere">{file.name}</span>
                <span className="block text-xs text-muted-foreground">{formatFileSize(file.size, i18n.language)}</span>
              </span>
              <Button
                ref={buttonRef(`${id}:up`)}
                type="button"
                variant="ghost"
                size="icon"
                className="size-9"
                disabled={disabled || index === 0}
                aria-label={t('send.moveUp', { file: file.name })}
                onClick={() => move(index, -1)}
              >
                <ArrowUpIcon />
              </Button>
              <Button
                ref={buttonRef(`${id}:down`)}
                type="button"
                variant="ghost"
                size="icon"
                className="size-9"
                disabled={disabled || index === attachments.length - 1}
                aria-label={t('send.moveDown', { file: file.name })}
                onClick={() => move(index, 1)}
              >
                <ArrowDownIcon />
              </Button>
              <Button
                ref={buttonRef(`${id}:remove`)}
                type="button"
                variant="ghost"
                size="icon"
                className="size-9"
                disabled={disabled}
                aria-label={t('send.remove', { file: file.name })}
                onClick={() => remove(index)}
              >
                <XIcon />
              </Button>
            </li>
          ))}
        </ol>
      ) : null}
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </fieldset>
  );
}
