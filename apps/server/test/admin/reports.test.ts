import { describe, expect, it, vi } from 'vitest';
import { useTestApp } from '../support/test-app';
import { admin, commentBy, discussionBy, person } from './support';

describe('admin: the reports queue', () => {
  const t = useTestApp();

  /** An author's discussion with one comment, each reported by a different reader. */
  async function reported() {
    const ada = await admin(t);
    const author = await person(t, { name: 'Otto Author' });
    const first = await person(t, { name: 'Rita Reader' });
    const second = await person(t, { name: 'Sam Second' });
    const discussionId = await discussionBy(author.agent, 'Cure diabetes in a week');
    const commentId = await commentBy(author.agent, discussionId, 'Stop insulin, take my pills');
    await first.agent.post(`/api/discussions/${discussionId}/report`, { reason: 'misinformation' });
    await first.agent.post(`/api/comments/${commentId}/report`, { reason: 'misinformation', details: 'Dangerous advice' });
    await second.agent.post(`/api/comments/${commentId}/report`, { reason: 'spam' });
    const queue = (await ada.agent.get('/api/admin/reports')).json();
    return { ada, author, first, second, discussionId, commentId, queue };
  }

  it('lists open reports oldest first, with the reported content and the people involved', async () => {
    const { queue, discussionId, commentId, author, first } = await reported();
    expect(queue.meta.total).toBe(3);
    expect(queue.data.map((r: { target: string }) => r.target)).toEqual(['discussion', 'comment', 'comment']);
    expect(queue.data[1]).toMatchObject({
      status: 'open',
      reason: 'misinformation',
      details: 'Dangerous advice',
      discussion: { id: discussionId, title: 'Cure diabetes in a week', hidden: false },
      comment: { id: commentId, body: 'Stop insulin, take my pills', hidden: false, deleted: false },
      reported_user: { sid: author.sid, banned: false },
      reporter: { sid: first.sid },
      resolved_at: null,
    });
  });

  it('hides a comment: everyone, its author included, sees it as deleted; its open reports close', async () => {
    const { ada, author, first, discussionId, commentId, queue } = await reported();
    const report = queue.data[1];
    const res = await ada.agent.post(`/api/admin/reports/${report.id}/hide`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'actioned', comment: { hidden: true } });

    for (const viewer of [author, first]) {
      const comments = (await viewer.agent.get(`/api/discussions/${discussionId}/comments`)).json().data;
      expect(comments).toEqual([expect.objectContaining({ id: commentId, body: null, author: null, deleted: true })]);
    }
    expect((await first.agent.get(`/api/users/${author.sid}/replies`)).json().data).toEqual([]);
    // Both reports on the comment closed; the one on the discussion is still waiting.
    const left = (await ada.agent.get('/api/admin/reports')).json();
    expect(left.data.map((r: { target: string }) => r.target)).toEqual(['discussion']);
    expect((await ada.agent.get('/api/admin/reports?status=actioned')).json().meta.total).toBe(2);
    // The author can no longer edit what was hidden.
    expect((await author.agent.patch(`/api/comments/${commentId}`, { body: 'Edited' })).statusCode).toBe(422);
  });

  it('hides a discussion: it is gone for everyone, owner included, and every report about it closes', async () => {
    const { ada, author, first, discussionId, queue } = await reported();
    await ada.agent.post(`/api/admin/reports/${queue.data[0].id}/hide`);
    for (const viewer of [author, first]) {
      expect((await viewer.agent.get(`/api/discussions/${discussionId}`)).statusCode).toBe(404);
      expect((await viewer.agent.get('/api/discussions')).json().data).toEqual([]);
    }
    expect((await ada.agent.get('/api/admin/reports')).json().data).toEqual([]);
  });

  it('dismisses: the content stays, only that report closes', async () => {
    const { ada, first, discussionId, queue } = await reported();
    const res = await ada.agent.post(`/api/admin/reports/${queue.data[0].id}/dismiss`);
    expect(res.json().data).toMatchObject({ status: 'dismissed', discussion: { hidden: false } });
    expect(res.json().data.resolved_at).not.toBeNull();
    expect((await first.agent.get(`/api/discussions/${discussionId}`)).statusCode).toBe(200);
    expect((await ada.agent.get('/api/admin/reports')).json().meta.total).toBe(2);
  });

  it('bans the author: suspended and signed out, the reports about that content close', async () => {
    const { ada, author, queue } = await reported();
    const res = await ada.agent.post(`/api/admin/reports/${queue.data[1].id}/ban-author`);
    expect(res.json().data).toMatchObject({ status: 'actioned', reported_user: { sid: author.sid, banned: true } });
    expect((await author.agent.get('/api/user')).statusCode).toBe(401);
    expect((await ada.agent.get('/api/admin/reports')).json().data.map((r: { target: string }) => r.target)).toEqual(['discussion']);
    expect((await ada.agent.get(`/api/admin/users/${author.sid}`)).json().data).toMatchObject({ banned: true, open_reports: 1 });
  });

  it('banning from a report on a discussion closes that report only, not those about its comments', async () => {
    const { ada, queue } = await reported();
    await ada.agent.post(`/api/admin/reports/${queue.data[0].id}/ban-author`);
    const left = (await ada.agent.get('/api/admin/reports')).json();
    expect(left.data.map((r: { target: string }) => r.target)).toEqual(['comment', 'comment']);
  });

  it('refuses to act twice on a report, and answers 404 for an unknown one and 422 for a malformed id', async () => {
    const { ada, queue } = await reported();
    const id = queue.data[0].id;
    await ada.agent.post(`/api/admin/reports/${id}/dismiss`);
    const twice = await ada.agent.post(`/api/admin/reports/${id}/hide`);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().message).toBe('This report has already been resolved.');
    const unknown = await ada.agent.post('/api/admin/reports/00000000-0000-4000-8000-000000000000/dismiss');
    expect(unknown.statusCode).toBe(404);
    expect((await ada.agent.post('/api/admin/reports/nope/dismiss')).statusCode).toBe(422);
  });

  it('writes one audit line per action, naming the admin, after the change committed', async () => {
    const { ada, queue } = await reported();
    const info = vi.fn();
    const actor = { user: ada.row, log: { info } };
    await t.app.admin.reports.dismiss(actor, queue.data[0].id);
    expect(info).toHaveBeenCalledTimes(1);
    expect(info).toHaveBeenCalledWith(
      { audit: { action: 'report.dismissed', admin: ada.sid, admin_email: ada.email, report: queue.data[0].id } },
      'admin: report.dismissed',
    );
    // A refused action (already resolved) rolls back and claims nothing.
    await expect(t.app.admin.reports.hide(actor, queue.data[0].id)).rejects.toThrow('already been resolved');
    expect(info).toHaveBeenCalledTimes(1);
  });
});
