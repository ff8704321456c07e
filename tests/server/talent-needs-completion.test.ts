import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertTask } from './helpers/rows';
import { completionValues, dropValues, postCompletion, postDrop, recruiter } from './helpers/talent-fixtures';
import { bearer, createTestApp, DIALECTS, type TestApp } from './helpers/test-app';

// Issue 21: a talent whose resume was dropped but whose profile was never completed is "half-added":
// the folder, the profile and the dashboard say so until the completion is submitted.
describe.each(DIALECTS)('a half-added talent on %s', (dialect) => {
  let t: TestApp;
  let me: Awaited<ReturnType<typeof recruiter>>;
  let taskId: number;
  beforeEach(async () => {
    t = await createTestApp(dialect);
    me = await recruiter(t, 'me@example.com');
    taskId = await insertTask(t);
  });
  afterEach(async () => {
    await t.close();
  });

  const get = async (url: string, token = me.token) => {
    const res = await t.request(url, { headers: bearer(token) });
    return { res, body: await res.json() };
  };

  it('needs completion after the drop, in the list, the detail and the dashboard, until the profile is completed', async () => {
    const drop = await postDrop(t, me.token, dropValues(taskId));
    expect(drop.status).toBe(201);
    const { talentId } = (await drop.json()).data;

    const list = await get('/api/recruiter/talent');
    expect(list.body.data.items[0]).toMatchObject({ id: talentId, needsCompletion: true, completionTaskId: taskId });
    const detail = await get(`/api/recruiter/talent/${talentId}`);
    expect(detail.body.data).toMatchObject({ needsCompletion: true, completionTaskId: taskId });
    expect((await get('/api/recruiter/dashboard')).body.data.todo.halfAdded).toEqual({ total: 1 });

    const done = await postCompletion(t, me.token, completionValues(talentId, taskId));
    expect(done.status).toBe(201);

    expect((await get('/api/recruiter/talent')).body.data.items[0]).toMatchObject({
      needsCompletion: false,
      completionTaskId: null,
    });
    expect((await get(`/api/recruiter/talent/${talentId}`)).body.data).toMatchObject({ needsCompletion: false });
    expect((await get('/api/recruiter/dashboard')).body.data.todo.halfAdded).toEqual({ total: 0 });
  });

  it("is the owner's only: another recruiter gets 404 and counts none of it", async () => {
    const { talentId } = (await (await postDrop(t, me.token, dropValues(taskId))).json()).data;
    const other = await recruiter(t, 'other@example.com');
    expect((await get(`/api/recruiter/talent/${talentId}`, other.token)).res.status).toBe(404);
    expect((await get('/api/recruiter/talent', other.token)).body.data.items).toEqual([]);
    expect((await get('/api/recruiter/dashboard', other.token)).body.data.todo.halfAdded).toEqual({ total: 0 });
  });
});
