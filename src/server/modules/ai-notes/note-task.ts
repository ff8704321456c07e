import type { DB } from '#src/server/db/connect.ts';
import { jsonList } from '#src/server/db/json-list.ts';
import { notFound } from '#src/server/errors.ts';
import type { NoteTask } from './ai-engine';

/** The task a note is written for, as the engines read it; 404 when there is no such task. */
export async function loadNoteTask(db: DB, taskId: number): Promise<NoteTask> {
  const task = await db.selectFrom('tasks').selectAll().where('id', '=', taskId).executeTakeFirst();
  if (!task) throw notFound('Task');
  return {
    title: task.title,
    company: task.company,
    description: task.description,
    jobType: task.job_type,
    location: task.location,
    country: task.country,
    requiredSkills: jsonList(task.required_skills),
    requiredLanguages: jsonList(task.required_languages),
    salaryMin: task.salary_min,
    salaryMax: task.salary_max,
    salaryCurrency: task.salary_currency,
  };
}
