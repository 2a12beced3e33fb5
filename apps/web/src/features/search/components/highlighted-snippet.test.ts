import { describe, expect, it } from 'vitest';
import { splitSnippet } from './highlighted-snippet';

describe('splitSnippet', () => {
  it('splits at « and » into plain and marked parts', () => {
    expect(splitSnippet('a «b» c «d»')).toEqual([
      { text: 'a ', marked: false },
      { text: 'b', marked: true },
      { text: ' c ', marked: false },
      { text: 'd', marked: true },
    ]);
  });

  it('never lets a stray marker into the text', () => {
    expect(splitSnippet('x » y «z «w')).toEqual([
      { text: 'x ', marked: false },
      { text: ' y ', marked: false },
      { text: 'z w', marked: true },
    ]);
  });
});
