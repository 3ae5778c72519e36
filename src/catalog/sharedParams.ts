// Query parameters that the search operations share.
import type { ParamSpec } from './types';

export const pagingParams: readonly ParamSpec[] = [
  { name: 'page', in: 'query', required: false, type: 'integer', check: 'digits', doc: 'Which page of results to return, counting from 1 (the answer\'s page.number is 1-based too; 0 also means the first page).' },
  { name: 'page-size', in: 'query', required: false, type: 'integer', check: 'digits', doc: 'Number of results per page.' },
  { name: 'isDescending', in: 'query', required: false, type: 'boolean', values: ['true', 'false'], doc: 'Newest first when true (the default).' },
];
