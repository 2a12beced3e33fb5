import { Box, type SxProps, type Theme } from '@mui/material';
import { useEffect, useMemo, useState } from 'react';

type Renderer = (source: string) => string;

/**
 * The parser and sanitiser (about 36 KB gzipped) arrive on their own, when Markdown written on the
 * device or sent without its HTML is first on screen, or earlier where a chunk that will show some
 * asks for them (preloadMarkdownRenderer). What a page shows first comes rendered by the server.
 */
let renderer: Renderer | null = null;
let loading: Promise<Renderer> | null = null;

/** One load at a time; a failed one (offline) is forgotten, so the next Markdown on screen tries again. */
function loadRenderer(): Promise<Renderer> {
  loading ??= import('../lib/markdown').then(
    (module) => (renderer = module.renderMarkdown),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/**
 * Starts the download now, for a chunk whose Markdown will be on screen as soon as its data arrives.
 * Never on the server: the sanitiser needs a browser's DOM, so a first view rendered there shows such
 * Markdown as the browser does before the renderer arrives (plain text) instead of failing the page.
 */
export function preloadMarkdownRenderer(): void {
  if (typeof window === 'undefined') return;
  void loadRenderer().catch(() => undefined);
}

interface MarkdownProps {
  source: string;
  /** The server's rendering of `source` (the shared parser, @wink/contracts/markdown): shown as it is. */
  html?: string | null;
  sx?: SxProps<Theme>;
}

/**
 * Member-written Markdown, sanitised (lib/markdown) and styled like the app's body text. Until the
 * renderer has arrived (first use only) the source shows as plain text: never as HTML.
 */
export function Markdown({ source, html: serverHtml, sx }: MarkdownProps) {
  const [render, setRender] = useState<Renderer | null>(() => renderer);
  const rendered = serverHtml != null;
  useEffect(() => {
    // Until it arrives the source stays plain text, which is safe; a failure leaves it that way.
    if (!render && !rendered)
      loadRenderer().then(
        (ready) => setRender(() => ready),
        () => undefined,
      );
  }, [render, rendered]);
  const html = useMemo(() => serverHtml ?? (render ? render(source) : null), [serverHtml, render, source]);
  if (html === null) {
    return (
      <Box className="markdown" sx={[{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }, ...(Array.isArray(sx) ? sx : [sx])]}>
        {source}
      </Box>
    );
  }
  return (
    <Box
      className="markdown"
      sx={[
        (theme) => ({
          ...theme.typography.body1,
          overflowWrap: 'anywhere',
          '& > :first-of-type': { mt: 0 },
          '& > :last-child': { mb: 0 },
          '& p, & ul, & ol, & blockquote, & pre, & table': { my: 1.25 },
          '& h3, & h4, & h5, & h6': { ...theme.typography.h6, mt: 2, mb: 1 },
          '& ul, & ol': { pl: 3 },
          '& blockquote': { borderLeft: 4, borderColor: 'divider', pl: 2, mx: 0, color: 'text.secondary' },
          '& code': { fontFamily: 'monospace', fontSize: '0.9em', bgcolor: 'action.hover', px: 0.5, borderRadius: 0.5 },
          '& pre': { p: 1.5, bgcolor: 'action.hover', borderRadius: 1, overflowX: 'auto' },
          '& pre code': { p: 0, bgcolor: 'transparent' },
          '& table': { borderCollapse: 'collapse' },
          '& th, & td': { border: 1, borderColor: 'divider', px: 1, py: 0.5 },
          '& a': { color: 'primary.main', textDecorationThickness: '1px', textUnderlineOffset: '2px' },
          // Links leave the app; a small arrow says so before the click.
          '& a.external-link[href]::after': { content: '" ↗"', fontSize: '0.8em' },
          '& hr': { border: 0, borderTop: 1, borderColor: 'divider', my: 2 },
        }),
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      // Safe: the shared parser escapes raw HTML and allows only safe links; on the device DOMPurify also
      // keeps only Markdown's own tags.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
