// @vitest-environment happy-dom
// The reference's list of `errors[].code` values, as a reader of /docs/api meets it: every catalogued code with what it
// means, read from the OpenAPI document the server serves.
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '@/lib/app/openapi/document';
import { ERROR_CODES } from '@/lib/platform/errors/codes';
import { fieldErrorCodeCatalogue } from '@/lib/platform/errors/field-codes';
import { FieldErrorCodes } from './field-error-codes';

describe('the field error codes section', () => {
  it('lists every code errors[] can carry, each with its meaning', () => {
    render(<FieldErrorCodes document={buildOpenApiDocument()} />);
    expect(screen.getByRole('heading', { name: 'Field error codes' })).toBeTruthy();
    const terms = screen.getAllByRole('term').map((term) => term.textContent);
    expect(terms).toEqual(fieldErrorCodeCatalogue(ERROR_CODES).map(([code]) => code));
    for (const code of ['unknown_field', 'amount_outside_corridor', 'required', 'changed']) {
      expect(terms).toContain(code);
    }
    const corridor = screen.getByText('amount_outside_corridor').nextElementSibling;
    expect(corridor?.textContent).toContain('corridor’s minimum and maximum');
  });
});
