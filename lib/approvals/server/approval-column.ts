// Owns the `approval` of an object as one SQL expression, so the object's own area reads it with its columns in the
// same statement (a batch list, an event's data) without a query per object — and without reading this area's tables
// itself. The JSON is the wire's `Approval` exactly (engine.ts's toApprovalWire says the same in TypeScript).
import { type SQL, sql } from 'drizzle-orm';
import type { ApprovalObject } from '@/lib/approvals/contract/enums';
import type { ApprovalWire } from '@/lib/approvals/contract/schemas';

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * `objectId` names the object's id qualified by its table (`"payout_batches"."id"`): Drizzle writes a column in a
 * select list without its table, which inside this subquery would name `approval_requests.id`.
 */
export function approvalColumn(object: ApprovalObject | SQL, objectId: SQL): SQL<ApprovalWire> {
  return sql<ApprovalWire>`coalesce((
    select json_build_object(
      'status', r.status,
      'stages', coalesce((
        select json_agg(json_build_object(
          'name', s.st ->> 'name',
          'required', (s.st ->> 'required')::int,
          'eligible', case when s.st ? 'user_ids' then json_build_object('user_ids', s.st -> 'user_ids')
                           else json_build_object('role', coalesce(s.st ->> 'role', 'approver')) end,
          'approvals', coalesce((
            select json_agg(json_build_object('user_id', g.person_id, 'name', g.name,
                                              'at', to_char(g.created_at at time zone 'UTC', ${sql.raw(ISO)}))
                            order by g.created_at, g.id)
              from approval_grants g where g.request_id = r.id and g.stage_index = s.n - 1), '[]'::json))
          order by s.n)
          from jsonb_array_elements(r.stages) with ordinality as s(st, n)), '[]'::json),
      'rejection', case when r.status = 'rejected' then json_build_object(
          'by', json_build_object(
            'type', case when r.rejected_by_api_key_id is not null then 'api_key' else 'user' end,
            'id', coalesce(r.rejected_by_api_key_id, r.rejected_by_user_id),
            'name', coalesce(r.rejected_by_name, '')),
          'at', to_char(r.rejected_at at time zone 'UTC', ${sql.raw(ISO)}),
          'reason', r.rejection_reason) end)
      from approval_requests r where r.object_type = ${object} and r.object_id = ${objectId}),
    json_build_object('status', 'not_required', 'stages', '[]'::json, 'rejection', null))`;
}
