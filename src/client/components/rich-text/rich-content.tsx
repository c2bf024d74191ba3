import { useEffect, useMemo, useRef, type CSSProperties } from 'react';
import { hasMarkup } from '@shared/rich-text';
import { fileObjectUrl } from '../../lib/files';
import { guardHtml, loadFilePictures, type FileSrc } from './content';
import './rich-content.css';

export interface RichContentProps {
  /**
   * Introduction content exactly as the API answered it (sanitised by the server on write). Never
   * pass HTML built in the browser: this is the one place that puts stored markup into the page.
   */
  content: string;
  /** `wall`: light text and cyan accents for the dark wall; `plain`: the surrounding typography decides. */
  tone?: 'wall' | 'plain';
  className?: string;
  style?: CSSProperties;
  /**
   * Where stored pictures load from without a session (the public form of a public project, whose
   * visitor has none). Default: fetched with the session and shown from memory.
   */
  fileSrc?: FileSrc;
}

/**
 * Rich text of a project introduction: the stored HTML (headings, lists, quotes, links, alignment)
 * after the client's own allow-list pass, or plain text with its line breaks kept when the content
 * has no markup (introductions typed before the editor). No Mantine: the walls render it too.
 */
export function RichContent({ content, tone = 'plain', className, style, fileSrc }: RichContentProps) {
  const markup = hasMarkup(content);
  const html = useMemo(() => (markup ? guardHtml(content, { deferFiles: true, fileSrc }) : ''), [markup, content, fileSrc]);
  const ref = useRef<HTMLDivElement>(null);
  // Pictures of our stored files load with the session (an <img> alone would be refused).
  useEffect(() => (ref.current && html ? loadFilePictures(ref.current, fileObjectUrl) : undefined), [html]);
  const classes = ['rich-content', tone === 'wall' ? 'rich-content-wall' : '', className ?? ''].filter(Boolean).join(' ');
  if (!markup) {
    return (
      <div className={classes} style={style} data-rich="text">
        <p style={{ whiteSpace: 'pre-line' }}>{content.trim()}</p>
      </div>
    );
  }
  return <div ref={ref} className={classes} style={style} data-rich="html" dangerouslySetInnerHTML={{ __html: html }} />;
}
