// Owns what an operation's handler is given and may answer, and the shape of the Next route handler it becomes.
import type { Executor } from '@/db/client';
import type { Actor, Principal, StaffActor, UserActor } from '@/lib/platform/actor/actor';
import type {
  BodyOf,
  FilesOf,
  Operation,
  ParamsOf,
  QueryOf,
  ResponseOf,
} from '@/lib/platform/operations/operation';

/** The actor an operation's handler sees, by its audience (null only for public operations). */
export type ActorOf<O extends Operation> = O extends { public: true }
  ? Principal | null
  : O extends { audience: 'staff' }
    ? StaffActor
    : O extends { audience: 'user' }
      ? UserActor
      : Actor;

export interface HandlerContext<O extends Operation> {
  actor: ActorOf<O>;
  query: QueryOf<O>;
  params: ParamsOf<O>;
  /** The JSON body, or the text fields of a multipart body. */
  body: BodyOf<O>;
  /** The file parts of a multipart body, by part name. */
  files: FilesOf<O>;
  /** The database to use: inside an idempotent POST this is the transaction that also stores the response. */
  db: Executor;
  requestId: string;
  request: Request;
}

export type OperationHandler<O extends Operation> = (
  context: HandlerContext<O>,
) => Promise<ResponseOf<O> | Response>;

export type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
export type NextRouteHandler = (request: Request, context: RouteContext) => Promise<Response>;

/** What `createHandle(hooks)` gives route files: an operation and its handler in, a Next route handler out. */
export type Handle = <O extends Operation>(operation: O, handler: OperationHandler<O>) => NextRouteHandler;
