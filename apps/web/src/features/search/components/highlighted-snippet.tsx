import { Box } from '@mui/material';

export interface SnippetPart {
  text: string;
  marked: boolean;
}

/**
 * Splits the server's plain-text snippet at « and » (the matched words sit between them). A stray
 * marker never leaks into the text: an unclosed « marks up to the end, a lone » is dropped.
 */
export function splitSnippet(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let marked = false;
  let text = '';
  const flush = () => {
    if (text) parts.push({ text, marked });
    text = '';
  };
  for (const character of snippet) {
    if (character === '«' && !marked) {
      flush();
      marked = true;
    } else if (character === '»') {
      flush();
      marked = false;
    } else if (character !== '«') {
      text += character;
    }
  }
  flush();
  return parts;
}

/** The snippet as text nodes with <mark> around the matches: React escapes everything, no HTML is parsed. */
export function HighlightedSnippet({ snippet }: { snippet: string }) {
  return (
    <Box
      component="span"
      sx={{ '& mark': { bgcolor: 'warning.light', color: 'text.primary', borderRadius: 0.5, px: 0.25, fontWeight: 600 } }}
    >
      {splitSnippet(snippet).map((part, index) =>
        part.marked ? <mark key={index}>{part.text}</mark> : <span key={index}>{part.text}</span>,
      )}
    </Box>
  );
}
