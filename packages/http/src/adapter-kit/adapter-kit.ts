// What an adapter's machinery uses, as one namespace (`adapterKit` of `@gatehousejs/http`): the
// exchange port and its helpers, the kernel it builds, the guards, the answers to errors and to
// unknown routes, the library's tables. The adapter imports by name only what its own public API
// mentions (`AccessVerifier`, `KernelOptions`, `ErrorLog`, …). See docs/adapters.md.
export type { Answer, BodyReadBefore, Exchange } from '../kernel/exchange.js';
export { declaresBody, endEmptyBody } from '../kernel/request-body.js';
export type { NodeRequestStream } from '../kernel/request-body.js';
export { readRawHeader } from '../rules/raw-header.js';
export { createKernel } from '../kernel/create-kernel.js';
export type { Kernel } from '../kernel/create-kernel.js';
export { createAdmission } from '../kernel/admission.js';
export type { Admission } from '../kernel/admission.js';
export { routeGuards } from './route-guards.js';
export type { GuardBinding, RouteGuards } from './route-guards.js';
export type { RouteDecision } from './route-decision.js';
export { errorAnswer, notFoundAnswer } from './error-answer.js';
export type { FrameworkFailure } from './error-answer.js';
export { LIBRARY_ROUTES } from './library-routes.js';
export { normalizeTarget } from './request-target.js';
export { resetPasswordAnswers } from './page-answer.js';
