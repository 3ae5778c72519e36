// Customers and payment plans (recurring billing): past the interface, from what public clients of
// the real gateway send and read (issue 33). A customer (key `cust_…`) holds card tokens; a payment
// plan (key `plan_…`) charges one of them on a schedule. Creates answer code 201. A plan's sample
// names its customer and token by the request-file variables `{{customerKey}}` and `{{tokenId}}`
// (a tree item's values, or an earlier answer's).
import type { FieldSpec, ParamSpec } from './types';
import { defineOperation, type OperationEntry } from './defineOperation';
import { pagingParams } from './sharedParams';
import { addressFields, softwareFields } from './sharedFields';

const PHP = 'clearent/API-Examples@076910350891ff2a801441f5c2bd20361fc099bf';
const JAVA = 'clearent/API-Examples@820f508dff28f96b028d20d8e2de2c6e18b25543';
const PLUGIN = 'LuminFire/clearent-wordpress@d08d2a133678141b9e45294b5d2280e989ef6375:clearent_util.php';
const SHOP = 'NArun412/coreware_110124@2d610deaddae408461947fa6b314b8971309b4ed:classes/class.clearent.php';

const customerKey: ParamSpec = {
  name: 'customerKey', in: 'path', required: true, type: 'string',
  doc: 'Customer key the gateway gave at create, e.g. cust_99b2bf69-2bb6-4a03-8a84-489bec69f78e.',
};

const planKey: ParamSpec = {
  name: 'planKey', in: 'path', required: true, type: 'string',
  doc: 'Payment plan key the gateway gave at create, e.g. plan_62f36450-1918-41ff-a019-4ed8155fad69.',
};

const customerFields = (required: boolean): readonly FieldSpec[] => [
  { name: 'first-name', type: 'string', required, doc: 'First name of the customer.' },
  { name: 'last-name', type: 'string', required, doc: 'Last name of the customer.' },
  { name: 'email', type: 'string', check: 'email', doc: 'E-mail address of the customer.' },
  { name: 'phone', type: 'string', doc: 'Contact number of the customer.' },
  { name: 'comments', type: 'string', doc: 'Comments on the customer; an update replaces them.' },
  { name: 'billing-address', type: 'object', fields: addressFields, doc: 'Billing address of the customer.' },
  { name: 'shipping-address', type: 'object', fields: addressFields, doc: 'Shipping address of the customer.' },
  { name: 'billing', type: 'object', fields: addressFields, doc: 'Billing address, as some clients spell billing-address.' },
  { name: 'shipping', type: 'object', fields: addressFields, doc: 'Shipping address, as some clients spell shipping-address.' },
  { name: 'status', type: 'string', values: ['Active', 'Inactive'], anyCase: true, doc: 'Customer status; a customer with plans can be made Inactive instead of deleted.' },
  { name: 'client-ip', type: 'string', doc: 'IP address of the shopper.' },
  ...softwareFields,
];

const FREQUENCIES = ['MONTHLY', 'WEEKLY'];

const planFields = (required: boolean): readonly FieldSpec[] => [
  { name: 'customer-key', type: 'string', required, doc: 'Customer the plan belongs to.' },
  { name: 'token-id', type: 'string', required, doc: 'Card token the plan charges; it must be one of the customer\'s tokens.' },
  { name: 'payment-amount', type: 'string', required, check: 'amount', doc: 'Amount charged at each payment, e.g. "50.00".' },
  { name: 'frequency', type: 'string', required, values: FREQUENCIES, anyCase: true, doc: 'How often the plan charges.' },
  { name: 'frequency-day', type: 'string', check: 'digits', doc: 'Day the plan charges: day of month (1-31) for MONTHLY, day of week (1-7, Monday first) for WEEKLY.' },
  { name: 'frequency-month', type: 'string', check: 'digits', doc: 'For MONTHLY: every how many months (1 = every month).' },
  { name: 'frequency-week', type: 'string', check: 'digits', doc: 'For WEEKLY: every how many weeks (1 = every week).' },
  { name: 'start-date', type: 'string', required, check: 'date', doc: 'First day the plan may charge (YYYY-MM-DD); it charges on the first frequency day from then.' },
  { name: 'end-date', type: 'string', required, check: 'date', doc: 'Last day the plan may charge (YYYY-MM-DD).' },
  { name: 'plan-name', type: 'string', doc: 'Name of the plan.' },
  { name: 'type', type: 'string', values: ['SUBSCRIPTION', 'INSTALLMENT'], anyCase: true, doc: 'Kind of plan.' },
  { name: 'customer-name', type: 'string', doc: 'Customer name shown on the plan.' },
  { name: 'email-address', type: 'string', check: 'email', doc: 'E-mail address for the plan\'s receipts.' },
  { name: 'status', type: 'string', values: ['Active', 'Inactive', 'Cancelled'], anyCase: true, doc: 'Plan status; only an Active plan charges.' },
];

const customerSample = {
  'first-name': 'William', 'last-name': 'Biller', email: 'testcustomer@example.com', phone: '0123456789', comments: 'Loyal customer',
  'billing-address': { street: '123 Bill St', city: 'Richmond', state: 'MO', zip: '63103', country: 'US', phone: '0123456789' },
};

const entries: readonly OperationEntry[] = [
  {
    id: 'customers.list', title: 'List customers', group: 'customers', method: 'GET',
    evidence: [SHOP], path: '/rest/v2/customers', params: pagingParams, payloadType: 'customers', safety: 'read',
    doc: 'Lists the recurring-billing customers (payload.customers.customer[]), one page at a time.',
  },
  {
    id: 'customers.create', title: 'Create customer', group: 'customers', method: 'POST',
    evidence: [`${PHP}:src/customer/customercreate.php`, `${JAVA}:src/main/java/sample/recurring/create/CustomerCreation.java`, PLUGIN, SHOP],
    verifyWith: 'customers.list', path: '/rest/v2/customers', successStatuses: [201], payloadType: 'customer', safety: 'write',
    doc: 'Creates a customer for recurring billing; the answer (code 201) carries its customer-key, which tokens and payment plans name.',
    body: { kind: 'json+xml', xmlRoot: 'customer', fields: customerFields(true), sample: customerSample },
  },
  {
    id: 'customers.get', title: 'Get customer', group: 'customers', method: 'GET',
    evidence: [SHOP], path: '/rest/v2/customers/{customerKey}', params: [customerKey], payloadType: 'customer', safety: 'read',
    doc: 'Reads one customer by its customer-key.',
  },
  {
    id: 'customers.update', title: 'Update customer', group: 'customers', method: 'PUT',
    evidence: [`${PHP}:src/customer/customerupdate.php`, `${JAVA}:src/main/java/sample/recurring/update/CustomerUpdate.java`],
    verifyWith: 'customers.get', path: '/rest/v2/customers/{customerKey}', params: [customerKey], payloadType: 'customer', safety: 'write',
    doc: 'Changes the fields sent; the others stay as they were.',
    body: { kind: 'json+xml', xmlRoot: 'customer', fields: customerFields(false), sample: { 'first-name': 'Bill' } },
  },
  {
    id: 'customers.delete', title: 'Delete customer', group: 'customers', method: 'DELETE',
    evidence: [`${PHP}:src/customer/customerdelete.php`, `${JAVA}:src/main/java/sample/recurring/CustomerDeletion.java`, SHOP],
    verifyWith: 'customers.get', path: '/rest/v2/customers/{customerKey}', params: [customerKey], payloadType: 'customer', safety: 'destructive',
    doc: 'Deletes a customer that no payment plan uses, answering with the deleted customer; a customer with plans is refused (make it Inactive instead).',
  },
  {
    id: 'customers.tokens', title: 'List customer\'s tokens', group: 'customers', method: 'GET',
    evidence: [PLUGIN, SHOP], path: '/rest/v2/customers/{customerKey}/tokens', params: [customerKey], payloadType: 'customer-tokens', safety: 'read',
    doc: 'Lists the card tokens created with this customer-key (payload.tokens.token[]).',
  },
  {
    id: 'paymentPlans.list', title: 'List payment plans', group: 'customers', method: 'GET',
    evidence: [`${PHP}:src/plan/plancreate.php`], path: '/rest/v2/payment-plans', payloadType: 'payment-plans', safety: 'read',
    params: [
      { name: 'customer-key', in: 'query', required: false, type: 'string', doc: 'Only this customer\'s plans.' },
      { name: 'status', in: 'query', required: false, type: 'string', doc: 'Only plans with this status.' },
      ...pagingParams,
    ],
    doc: 'Lists payment plans (payload.payment-plans.payment-plan[]), each with its next and last payment.',
  },
  {
    id: 'paymentPlans.create', title: 'Create payment plan', group: 'customers', method: 'POST',
    evidence: [`${PHP}:src/plan/plancreate.php`, `${JAVA}:src/main/java/sample/domain/recurringPayments/Plan.java`, PLUGIN],
    verifyWith: 'paymentPlans.list', path: '/rest/v2/payment-plans', successStatuses: [201], payloadType: 'payment-plan', safety: 'write',
    doc: 'Creates a plan that charges a customer\'s token payment-amount every month or week from start-date to end-date; the answer (code 201) carries its plan-key.',
    body: {
      kind: 'json+xml', xmlRoot: 'payment-plan', fields: planFields(true),
      sample: {
        'plan-name': 'Gym Membership', type: 'SUBSCRIPTION', 'customer-key': '{{customerKey}}',
        'token-id': '{{tokenId}}', frequency: 'MONTHLY', 'frequency-day': '15', 'frequency-month': '1',
        'start-date': '2030-01-15', 'end-date': '2030-12-15', status: 'Active', 'payment-amount': '50.00',
      },
    },
  },
  {
    id: 'paymentPlans.get', title: 'Get payment plan', group: 'customers', method: 'GET',
    evidence: [`${PHP}:src/plan/planupdate.php`], path: '/rest/v2/payment-plans/{planKey}', params: [planKey], payloadType: 'payment-plan', safety: 'read',
    doc: 'Reads one payment plan: its schedule, its next payment date and its last payment\'s result.',
  },
  {
    id: 'paymentPlans.update', title: 'Update payment plan', group: 'customers', method: 'PUT',
    evidence: [`${PHP}:src/plan/planupdate.php`, `${JAVA}:src/main/java/sample/recurring/update/PlanUpdate.java`],
    verifyWith: 'paymentPlans.get', path: '/rest/v2/payment-plans/{planKey}', params: [planKey], payloadType: 'payment-plan', safety: 'write',
    doc: 'Changes the fields sent (name, amount, schedule, token, status); the others stay as they were.',
    body: { kind: 'json+xml', xmlRoot: 'payment-plan', fields: planFields(false), sample: { 'plan-name': 'Gold Gym Membership' } },
  },
  {
    id: 'paymentPlans.delete', title: 'Delete payment plan', group: 'customers', method: 'DELETE',
    evidence: [`${PHP}:src/plan/plandelete.php`, `${JAVA}:src/main/java/sample/recurring/PlanDeletion.java`],
    verifyWith: 'paymentPlans.get', path: '/rest/v2/payment-plans/{planKey}', params: [planKey], payloadType: 'payment-plan', safety: 'destructive',
    doc: 'Deletes a payment plan: it charges no more. Payments it already made stay in their batches.',
  },
];

export const customers = entries.map(defineOperation);
