// Who wrote the request being checked. A request file is completed at send time (keys and
// Content-Type are added from the environment and the body); a request an application sent
// was sent as is, so what it leaves out is missing on the wire too.

export type Sender = 'request-file' | 'application';
