// Shared steps for the retention tests: upload a document, create a policy, attach it.
import { expect } from 'vitest';
import type { TestApp, TestUser } from '../helpers/app.js';
import { multipart } from '../helpers/multipart.js';
import { samplePdf } from '../fixtures/files.js';

export interface PolicyBody {
  id: string;
  name: string;
  retain_days: number;
  action: string;
  owner_id: string;
  created_at: string;
  updated_at: string;
}

export interface AssociationBody {
  id: string;
  document_id: string;
  retention_policy_id: string;
  retention_policy: PolicyBody;
  created_at: string;
  expires_at: string;
}

export interface UploadedDoc {
  id: string;
  name: string;
  created_at: string;
  file_path: string;
}

export async function uploadDoc(t: TestApp, user: TestUser, fields: Record<string, string> = {}): Promise<UploadedDoc> {
  const body = multipart(fields, [{ filename: 'report.pdf', content: samplePdf() }]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v0/documents',
    headers: { ...user.auth, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ document: UploadedDoc }>().document;
}

export async function createPolicy(t: TestApp, user: TestUser, name: string, retainDays: number): Promise<PolicyBody> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v0/retention-policies',
    headers: user.auth,
    payload: { name, retain_days: retainDays },
  });
  expect(res.statusCode).toBe(200);
  return res.json<PolicyBody>();
}

export function attach(t: TestApp, user: TestUser, documentId: string, policyId: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v0/documents/${documentId}/retention-policies?retention_policy_id=${policyId}`,
    headers: user.auth,
  });
}
