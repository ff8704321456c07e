import type * as v from 'valibot';
import {
  adminReferralRowSchema,
  authUserSchema,
  dropResumeAnswerSchema,
  healthAnswerSchema,
  listPage,
  loginAnswerSchema,
  myTaskCardSchema,
  notificationPageSchema,
  nullAnswerSchema,
  okAnswer,
  paymentRowSchema,
  referralCreatedSchema,
  referralSummarySchema,
  refreshAnswerSchema,
  talentSummarySchema,
  taskCardSchema,
} from '#src/shared/api-answers.ts';
import {
  cp58IssueAnswerSchema,
  cp58RecruiterViewAnswerSchema,
  cp58RequestAnswerSchema,
  cp58YearListAnswerSchema,
  withholdingMarksAnswerSchema,
  withholdingMonthAnswerSchema,
} from '#src/shared/paperwork-answers.ts';
import { payeeAnswerSchema, statementAnswerSchema } from '#src/shared/statement-answers.ts';

/** A JSON answer with its own schema (the main calls), or what a route answers that is not JSON. */
export type RouteAnswer =
  | { status: number; json: v.GenericSchema }
  | { status: number; media: Record<string, string>; description: string };

const file = (description: string, ...types: string[]): RouteAnswer => ({
  status: 200,
  description,
  media: Object.fromEntries(types.map((type) => [type, 'binary'])),
});

// The answers the document states exactly; every other JSON route answers the generic
// `{ success: true, data }` (OkAnswer) with a 2XX status.
export const ROUTE_ANSWERS: Record<string, RouteAnswer> = {
  'GET /api/health': { status: 200, json: healthAnswerSchema },
  'POST /api/auth/login': { status: 200, json: loginAnswerSchema },
  'POST /api/auth/logout': { status: 200, json: nullAnswerSchema },
  'GET /api/recruiter/auth/refresh-token': { status: 200, json: refreshAnswerSchema },
  'GET /api/recruiter/auth/me': { status: 200, json: okAnswer(authUserSchema) },
  'GET /api/recruiter/task': { status: 200, json: okAnswer(listPage(taskCardSchema)) },
  'GET /api/recruiter/recruiter/task': { status: 200, json: okAnswer(listPage(myTaskCardSchema)) },
  'POST /api/recruiter/talent/drop_resume': { status: 201, json: okAnswer(dropResumeAnswerSchema) },
  'POST /api/recruiter/talent/task': { status: 201, json: okAnswer(referralCreatedSchema) },
  'GET /api/recruiter/talent': { status: 200, json: okAnswer(listPage(talentSummarySchema)) },
  'GET /api/recruiter/talent-task': { status: 200, json: okAnswer(listPage(referralSummarySchema)) },
  'GET /api/admin/referrals': { status: 200, json: okAnswer(listPage(adminReferralRowSchema)) },
  'GET /api/admin/payments': { status: 200, json: okAnswer(listPage(paymentRowSchema)) },
  'GET /api/notifications': { status: 200, json: okAnswer(notificationPageSchema) },
  'GET /api/account/payee': { status: 200, json: payeeAnswerSchema },
  'PUT /api/account/payee': { status: 200, json: payeeAnswerSchema },
  'GET /api/admin/recruiters/:id/payee': { status: 200, json: payeeAnswerSchema },
  'GET /api/recruiter/earning/statement': { status: 200, json: statementAnswerSchema },
  'GET /api/admin/recruiters/:id/statement': { status: 200, json: statementAnswerSchema },
  'GET /api/recruiter/earning/statement.pdf': file('The yearly statement', 'application/pdf'),
  'GET /api/admin/recruiters/:id/statement.pdf': file('The yearly statement', 'application/pdf'),
  'GET /api/admin/cp58': { status: 200, json: cp58YearListAnswerSchema },
  'POST /api/admin/cp58/issue': { status: 200, json: cp58IssueAnswerSchema },
  'GET /api/recruiter/earning/cp58': { status: 200, json: cp58RecruiterViewAnswerSchema },
  'POST /api/recruiter/earning/cp58/request': { status: 200, json: cp58RequestAnswerSchema },
  'GET /api/admin/withholding': { status: 200, json: withholdingMonthAnswerSchema },
  'GET /api/admin/withholding/marks': { status: 200, json: withholdingMarksAnswerSchema },

  'GET /api/files/:id': file(
    'The file, as a download or (images, audio, PDF) shown in place',
    'application/octet-stream',
  ),
  'GET /api/public/data/resume': file("The talent's resume", 'application/octet-stream'),
  'GET /api/public/data/call-proof': file("A call proof's file", 'application/octet-stream'),
  'GET /api/public/review/cv': file(
    'The CV, shown in place (PDF, images) or as a download',
    'application/octet-stream',
  ),
  'GET /api/public/data/export': file('The data as a download', 'application/json', 'text/html'),
  'GET /api/account/export': file(
    'Everything the account holds about its user, as a JSON download (`{ success, data }`)',
    'application/json',
  ),
  'GET /api/admin/payments/export.csv': file('The payments, one per row', 'text/csv'),
  'GET /api/admin/withholding/export.csv': file('The amounts withheld, one payment per row', 'text/csv'),
  'GET /api/admin/cp58/export.csv': file("The year's Form CP58 list, one recruiter per row", 'text/csv'),
  'GET /api/admin/cp58/archive.zip': file('Every Form CP58 issued for the year, as PDFs in one ZIP', 'application/zip'),
  'GET /api/admin/cp58/forms/:id/pdf': file('An issued Form CP58, as issued', 'application/pdf'),
  'GET /api/recruiter/earning/cp58/:id/pdf': file('One of my issued Form CP58s, as issued', 'application/pdf'),
  'POST /api/recruiter/ai/recruiter-notes/improve': {
    status: 200,
    description: 'Server-sent events: the rewritten note as it is written, then the end',
    media: { 'text/event-stream': 'text' },
  },
  'GET /api/docs': { status: 200, description: 'The docs page', media: { 'text/html': 'text' } },
  'GET /api/docs/:asset': {
    status: 200,
    description: "swagger-ui's script and style sheet, and the page's start-up script",
    media: { 'text/javascript': 'text', 'text/css': 'text' },
  },
};
