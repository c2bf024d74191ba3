import '@mantine/tiptap/styles.css';
import './rich-content.css';
import { useMemo, useRef, useState } from 'react';
import { Loader } from '@mantine/core';
import { IconColumnInsertRight, IconColumnRemove, IconPhoto, IconRowInsertBottom, IconRowRemove, IconTableOff, IconTablePlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useEditor, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import TextAlign from '@tiptap/extension-text-align';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { Link, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { isSafeUrl } from '@shared/rich-text';
import type { FileOwnerType } from '@shared/contracts/file';
import { fileObjectUrl, isApiUrl, uploadFile } from '../../lib/files';
import { toast } from '../feedback/toast';
import { toEditorHtml } from './content';

export interface RichTextEditorFieldProps {
  /** Stored content: HTML from the editor, or plain text (older introductions), shown as paragraphs. */
  initialValue: string;
  /** The editor's HTML ('' when empty), after every change. */
  onChange: (html: string) => void;
  /** Accessible name of the editing area. */
  label: string;
  /** Marks the field invalid for assistive technology. */
  invalid?: boolean;
  minHeight?: number;
  /**
   * Pictures can be uploaded into the text, stored as files of this kind of record (the record's save
   * attaches the ones its content shows). Without it the toolbar has no picture button.
   */
  pictures?: FileOwnerType;
}

/** What was typed as an address, as a link the server keeps: `example.com` → https, `a@b.cn` → mailto. */
export function normaliseHref(href: string): string {
  const v = href.trim();
  if (!v || /^[a-z][a-z0-9+.-]*:/i.test(v) || v.startsWith('/')) return v;
  if (/^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(v)) return `mailto:${v}`;
  return `https://${v.replace(/^\/\/+/, '')}`;
}

/**
 * Links as the server's sanitiser keeps them (src/shared/rich-text.ts): web, mail and this
 * server's paths only, so a `javascript:` address can neither be typed nor pasted in; an address
 * typed without its scheme gets one instead of being refused.
 */
const SafeLink = Link.extend({
  // Text typed right after a link is not part of it (tiptap extends links while autolink is on).
  inclusive: () => false,
  addCommands() {
    const parent = this.parent?.();
    return {
      ...parent,
      setLink: (attributes) => parent!.setLink!({ ...attributes, href: normaliseHref(attributes.href) }),
    };
  },
}).configure({ openOnClick: false, defaultProtocol: 'https', isAllowedUri: (url) => isSafeUrl(url) });

/**
 * A picture of a stored file: an <img> cannot send the session header, so the editor shows the
 * file from memory (fetched with the session) while the document keeps its address.
 */
const FileImage = Image.extend({
  addNodeView() {
    return ({ node }) => {
      const img = document.createElement('img');
      const { src, alt, title } = node.attrs as { src: string; alt?: string | null; title?: string | null };
      if (alt) img.alt = alt;
      if (title) img.title = title;
      img.dataset.fileSrc = src;
      const abort = new AbortController();
      let objectUrl: string | null = null;
      if (isApiUrl(src)) {
        void fileObjectUrl(src, abort.signal)
          .then((url) => {
            objectUrl = url;
            if (url) img.src = url;
          })
          .catch(() => undefined);
      } else img.src = src;
      return {
        dom: img,
        destroy: () => {
          abort.abort();
          if (objectUrl) URL.revokeObjectURL(objectUrl);
        },
      };
    };
  },
});

/** The toolbar's table buttons: insert a 3 × 3 table with a header row, add or remove rows and columns, remove the table. */
function TableControls({ editor, label }: { editor: Editor; label: (key: 'insert' | 'addRow' | 'addColumn' | 'deleteRow' | 'deleteColumn' | 'delete') => string }) {
  const controls = [
    { key: 'insert', icon: IconTablePlus, run: () => editor.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run() },
    { key: 'addRow', icon: IconRowInsertBottom, run: () => editor.chain().focus().addRowAfter().run() },
    { key: 'addColumn', icon: IconColumnInsertRight, run: () => editor.chain().focus().addColumnAfter().run() },
    { key: 'deleteRow', icon: IconRowRemove, run: () => editor.chain().focus().deleteRow().run() },
    { key: 'deleteColumn', icon: IconColumnRemove, run: () => editor.chain().focus().deleteColumn().run() },
    { key: 'delete', icon: IconTableOff, run: () => editor.chain().focus().deleteTable().run() },
  ] as const;
  return (
    <>
      {controls.map(({ key, icon: Icon, run }) => (
        <RichTextEditor.Control key={key} aria-label={label(key)} title={label(key)} onClick={run}>
          <Icon size={16} stroke={1.5} />
        </RichTextEditor.Control>
      ))}
    </>
  );
}

/** The toolbar's picture button: uploads an image as a file of `ownerType` and puts it at the cursor. */
function InsertPicture({ editor, ownerType, label }: { editor: Editor; ownerType: FileOwnerType; label: string }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <RichTextEditor.Control aria-label={label} title={label} disabled={busy} onClick={() => input.current?.click()}>
        {busy ? <Loader size={12} /> : <IconPhoto size={16} stroke={1.5} />}
      </RichTextEditor.Control>
      <input
        ref={input}
        type="file"
        accept="image/*"
        hidden
        aria-label={label}
        onChange={async (e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = '';
          if (!file) return;
          setBusy(true);
          try {
            const uploaded = await uploadFile(file, ownerType);
            editor.chain().focus().setImage({ src: uploaded.url, alt: uploaded.name }).run();
          } catch (error) {
            toast.error((error as Error).message);
          } finally {
            setBusy(false);
          }
        }}
      />
    </>
  );
}

const EXTENSIONS = [
  // Headings 2–3 (the title of an introduction is its h1); no code blocks, which the toolbar does
  // not offer and whose language class the sanitiser would drop.
  StarterKit.configure({ heading: { levels: [2, 3] }, code: false, codeBlock: false, link: false }),
  SafeLink,
  TextAlign.configure({ types: ['heading', 'paragraph'] }),
  // Pictures (inline, where they were written), shown in the editor through the session like every
  // stored file; the HTML keeps the file's address.
  FileImage.configure({ inline: true }),
  // Tables (a header row, cells of paragraphs); no column resizing, whose widths the sanitiser would drop.
  TableKit.configure({ table: { resizable: false } }),
];

/** The editor's content as stored: '' when empty, without the empty paragraphs it keeps at the end. */
export function editorHtml(editor: Editor): string {
  if (editor.isEmpty) return '';
  return editor.getHTML().replace(/(<p><\/p>)+$/, '');
}

/**
 * Mantine's rich-text editor (tiptap) with the toolbar of a project introduction: marks, headings,
 * lists, quote, link, pictures (with `pictures`), tables, alignment, clear formatting, undo and redo. Loaded lazily (RichTextField):
 * only the screens that edit rich text download it.
 */
export default function RichTextEditorField({ initialValue, onChange, label, invalid, minHeight = 220, pictures }: RichTextEditorFieldProps) {
  const { t } = useTranslation('kit');
  const editor = useEditor({
    extensions: EXTENSIONS,
    content: toEditorHtml(initialValue),
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: { role: 'textbox', 'aria-multiline': 'true', 'aria-label': label, ...(invalid ? { 'aria-invalid': 'true' } : {}) },
    },
    onUpdate: ({ editor: e }) => onChange(editorHtml(e)),
  });
  const labels = useMemo<Partial<RichTextEditorLabels>>(
    () => ({
      boldControlLabel: t('richText.bold'),
      italicControlLabel: t('richText.italic'),
      underlineControlLabel: t('richText.underline'),
      strikeControlLabel: t('richText.strike'),
      clearFormattingControlLabel: t('richText.clearFormatting'),
      h2ControlLabel: t('richText.h2'),
      h3ControlLabel: t('richText.h3'),
      bulletListControlLabel: t('richText.bulletList'),
      orderedListControlLabel: t('richText.orderedList'),
      blockquoteControlLabel: t('richText.blockquote'),
      linkControlLabel: t('richText.link'),
      unlinkControlLabel: t('richText.unlink'),
      alignLeftControlLabel: t('richText.alignLeft'),
      alignCenterControlLabel: t('richText.alignCenter'),
      alignRightControlLabel: t('richText.alignRight'),
      alignJustifyControlLabel: t('richText.alignJustify'),
      undoControlLabel: t('richText.undo'),
      redoControlLabel: t('richText.redo'),
      linkEditorInputLabel: t('richText.linkUrl'),
      linkEditorInputPlaceholder: t('richText.linkPlaceholder'),
      linkEditorExternalLink: t('richText.linkExternal'),
      linkEditorInternalLink: t('richText.linkInternal'),
      linkEditorSave: t('richText.linkSave'),
    }),
    [t],
  );

  return (
    <RichTextEditor editor={editor} labels={labels} data-invalid={invalid || undefined} styles={{ content: { minHeight } }}>
      <RichTextEditor.Toolbar sticky stickyOffset={0}>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Bold />
          <RichTextEditor.Italic />
          <RichTextEditor.Underline />
          <RichTextEditor.Strikethrough />
          <RichTextEditor.ClearFormatting />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.H2 />
          <RichTextEditor.H3 />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.BulletList />
          <RichTextEditor.OrderedList />
          <RichTextEditor.Blockquote />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Link />
          <RichTextEditor.Unlink />
          {pictures && editor && <InsertPicture editor={editor} ownerType={pictures} label={t('richText.picture')} />}
        </RichTextEditor.ControlsGroup>
        {editor && (
          <RichTextEditor.ControlsGroup>
            <TableControls editor={editor} label={(key) => t(`richText.table.${key}`)} />
          </RichTextEditor.ControlsGroup>
        )}
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.AlignLeft />
          <RichTextEditor.AlignCenter />
          <RichTextEditor.AlignRight />
          <RichTextEditor.AlignJustify />
        </RichTextEditor.ControlsGroup>
        <RichTextEditor.ControlsGroup>
          <RichTextEditor.Undo />
          <RichTextEditor.Redo />
        </RichTextEditor.ControlsGroup>
      </RichTextEditor.Toolbar>
      <RichTextEditor.Content />
    </RichTextEditor>
  );
}
