// The console's one way to the server: the same versioned HTTP API every front end uses
// (/v1, documented at /docs). A refusal arrives as an RFC 9457 problem; it is thrown as an
// ApiProblem so a form can put its detail beside the field it names.

export class ApiProblem extends Error {
  constructor(status, problem) {
    super(problem.detail || problem.title || `HTTP ${status}`);
    this.status = status;
    this.problem = problem;
  }

  // The body field a refusal names ("… - at `$.raises`", "missing required field
  // `player`", "unknown field `raisez`"), if any.
  get field() {
    const detail = this.problem.detail || "";
    const found = /at `\$\.([a-z_]+)/.exec(detail) || /(?:required|unknown) field `([a-z_]+)`/.exec(detail);
    return found ? found[1] : null;
  }
}

export class Api {
  constructor(token) {
    this.token = token || "";
  }

  async call(method, path, { body, query, headers } = {}) {
    const sent = { Accept: "application/json", ...(headers || {}) };
    if (this.token) sent.Authorization = `Bearer ${this.token}`;
    if (body !== undefined) sent["Content-Type"] = "application/json";
    const url = query ? `${path}?${new URLSearchParams(query)}` : path;
    let response;
    try {
      response = await fetch(url, {
        method,
        headers: sent,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      throw new ApiProblem(0, { title: "No answer", detail: `the server did not answer (${error.message})` });
    }
    const text = await response.text();
    let data = null;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {
      data = null;
    }
    if (!response.ok) {
      throw new ApiProblem(response.status, data || { title: response.statusText, detail: text });
    }
    return data;
  }

  get(path, query) {
    return this.call("GET", path, { query });
  }

  post(path, body, query) {
    return this.call("POST", path, { body, query });
  }

  session(id) {
    return `/v1/sessions/${encodeURIComponent(id)}`;
  }
}
