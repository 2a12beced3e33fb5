import { useRef, useState } from 'react';
import { findPersonalDetails, type PersonalDetail, type PersonalDetailKind } from '../../../lib/personal-details/find-personal-details';
import type { AccessType } from '../api/discussion-keys';

/**
 * Who reads what is posted decides whether it is checked. Public: everyone with a plan. Invite-only:
 * members, whom the owner lets in from anyone who asks, and its title is seen by everyone. Private:
 * only people the owner invited by name, a circle chosen on purpose, where a warning would only nag.
 */
export const isGuardedAudience = (audience: AccessType) => audience !== 'private';

const WIDTH: Record<AccessType, number> = { private: 0, invite_only: 1, public: 2 };

/** True when a change of access type lets more people read than before (private → public). */
export const widensAudience = (from: AccessType, to: AccessType) => WIDTH[to] > WIDTH[from];

export interface GuardedField {
  /** The field's name in the dialog ("title"); omitted when the form has one field. */
  label?: string;
  text: string;
  /** What the field said when editing began, already read by the same people: its details are not raised again. */
  previous?: string;
  /** Puts the cursor on a detail so the person can change it (Edit in the dialog). */
  select: (start: number, end: number) => void;
}

export interface FieldFinding {
  field: GuardedField;
  detail: PersonalDetail;
}

/** What the person decided; the kinds they posted anyway travel with the posted events. */
export interface GuardOutcome {
  postedAnyway: PersonalDetailKind[];
}

const NOTHING_FOUND: GuardOutcome = { postedAnyway: [] };

/** `{ privacy_warning: 'phone,email' }` on comment_posted / discussion_posted when a person posted despite the warning. */
export function privacyAnalytics(outcome: GuardOutcome | undefined): Record<string, string> {
  return outcome && outcome.postedAnyway.length > 0 ? { privacy_warning: outcome.postedAnyway.join(',') } : {};
}

const keyOf = (detail: PersonalDetail) => `${detail.kind}:${detail.text.replace(/\s+/g, ' ').toLowerCase()}`;

interface Pending {
  audience: AccessType;
  findings: FieldFinding[];
  proceed: (outcome: GuardOutcome) => void;
}

/**
 * The privacy guard of one composer: `check` runs the post at once when nothing personal is found (or
 * the audience is private), otherwise opens the dialog, which edits or posts anyway. Details a person
 * already posted anyway from this composer are not raised twice (a retry after a failed send).
 */
export function usePrivacyGuard() {
  // The findings stay while the dialog fades out, so its content does not collapse as it closes.
  const [state, setState] = useState<{ open: boolean; pending: Pending | null }>({ open: false, pending: null });
  const acknowledged = useRef(new Set<string>());
  const afterClose = useRef<(() => void) | null>(null);
  const { open, pending } = state;

  const check = (audience: AccessType, fields: GuardedField[], proceed: (outcome: GuardOutcome) => void) => {
    if (!isGuardedAudience(audience)) return proceed(NOTHING_FOUND);
    const findings = fields.flatMap((field) => {
      const known = new Set(field.previous ? findPersonalDetails(field.previous).map(keyOf) : []);
      return findPersonalDetails(field.text)
        .filter((detail) => !known.has(keyOf(detail)) && !acknowledged.current.has(keyOf(detail)))
        .map((detail) => ({ field, detail }));
    });
    if (findings.length === 0) return proceed(NOTHING_FOUND);
    setState({ open: true, pending: { audience, findings, proceed } });
  };

  const edit = () => {
    const first = pending?.findings[0];
    // The cursor moves once the dialog has gone, or the dialog would hand the focus back to the button.
    afterClose.current = first ? () => first.field.select(first.detail.start, first.detail.end) : null;
    setState((current) => ({ ...current, open: false }));
  };

  const postAnyway = () => {
    if (!open || !pending) return;
    for (const { detail } of pending.findings) acknowledged.current.add(keyOf(detail));
    afterClose.current = null;
    setState((current) => ({ ...current, open: false }));
    pending.proceed({ postedAnyway: [...new Set(pending.findings.map(({ detail }) => detail.kind))] });
  };

  const exited = () => {
    afterClose.current?.();
    afterClose.current = null;
    setState((current) => (current.open ? current : { open: false, pending: null }));
  };

  return {
    check,
    dialog: {
      open,
      audience: pending?.audience ?? 'public',
      findings: pending?.findings ?? [],
      onEdit: edit,
      onPostAnyway: postAnyway,
      onExited: exited,
    },
  };
}

export type PrivacyGuardDialogProps = ReturnType<typeof usePrivacyGuard>['dialog'];
