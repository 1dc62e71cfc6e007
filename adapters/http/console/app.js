// Kiroku's console: the GM's table and the players' phones, in the browser. It is a front
// end like any other: every read and every command goes through the versioned HTTP API
// and its live stream (/v1, documented at /docs), as the token's holder.
//
// #/            the sessions (the server's admin token): list, open one
// #/s/ID        a session: the live table, acting, the timeline, players' links
// #/s/ID?token=T  the same, as the holder of T (a player's or an observer's link)

import { Api, ApiProblem } from "./api.js";
import { commandForm, element, labelled } from "./forms.js";
import { commandGroups, currentTurn, fighting, mainRuleset, optionChoices, resumeAfter, streamQuery } from "./logic.js";
import { linePlot } from "./plots.js";
import { tablePanels } from "./table.js";
import { historyPanel } from "./history.js";
import { timelinePanel } from "./timeline.js";

const main = document.getElementById("main");
const announce = document.getElementById("announce");

export function say(text) {
  announce.textContent = text;
}

const store = {
  get(key) {
    return localStorage.getItem(`kiroku.${key}`) || "";
  },
  set(key, value) {
    localStorage.setItem(`kiroku.${key}`, value);
  },
  drop(key) {
    localStorage.removeItem(`kiroku.${key}`);
  },
};

let leaving = () => {};

function route() {
  leaving();
  leaving = () => {};
  const [path, query] = location.hash.replace(/^#/, "").split("?");
  const params = new URLSearchParams(query || "");
  const found = /^\/s\/(.+)$/.exec(path || "");
  if (found) {
    const id = decodeURIComponent(found[1]);
    if (params.get("token")) {
      store.set(`token.${id}`, params.get("token"));
      history.replaceState(null, "", `#/s/${encodeURIComponent(id)}`);
    }
    sessionPage(id);
  } else {
    home();
  }
}

function problemText(error) {
  return error instanceof ApiProblem ? error.message : String(error);
}

// A form asking for a token: the admin token for the sessions, a session's own otherwise.
// message: why the last one was refused (an error); hint: where to find one (no error).
function tokenForm(what, saved, message, hint) {
  main.replaceChildren();
  const input = element("input", { type: "password", id: "token", autocomplete: "off", required: true,
    "aria-describedby": hint ? "token-hint" : undefined });
  const form = element("form", { class: "token-form" },
    element("h2", { text: `${what}: a token is needed` }),
    element("p", { class: "form-error", role: "alert", text: message || "" }),
    hint ? element("p", { class: "hint", id: "token-hint", text: hint }) : "",
    element("label", { for: "token", text: "Token" }), input,
    element("button", { type: "submit", class: "primary", text: "Use this token" }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    saved(input.value.trim());
    route();
  });
  main.append(form);
  input.focus();
}

// -- #/ : the sessions -----------------------------------------------------------------

const ADMIN_HINT = "The server's admin token: the KIROKU_ADMIN_TOKEN it was started with, "
  + "or, without one, the token `kiroku serve` printed when it started.";

async function home() {
  document.title = "Kiroku — sessions";
  const token = store.get("admin");
  if (!token) return tokenForm("The sessions", (t) => store.set("admin", t), "", ADMIN_HINT);
  const api = new Api(token);
  let listed;
  let rulesets;
  let campaigns;
  try {
    [listed, rulesets, campaigns] = await Promise.all([api.get("/v1/sessions"), api.get("/v1/rulesets"), api.get("/v1/campaigns")]);
  } catch (error) {
    if (error.status === 401 || error.status === 403) {
      store.drop("admin");
      return tokenForm("The sessions", (t) => store.set("admin", t), problemText(error), ADMIN_HINT);
    }
    main.replaceChildren(element("p", { class: "form-error", role: "alert", text: problemText(error) }));
    return;
  }
  const rows = listed.sessions.map((s) => element("tr", {},
    element("td", {}, element("a", { href: `#/s/${encodeURIComponent(s.id)}`, text: s.id })),
    element("td", { text: s.ruleset }), element("td", { text: s.gm }),
    element("td", { text: new Date(s.opened).toLocaleString() }), element("td", { text: s.title || "" })));
  const table = element("table", { class: "sessions" },
    element("caption", { text: "Sessions in this store" }),
    element("thead", {}, element("tr", {}, ...["session", "ruleset", "GM", "opened", "title"].map((c) => element("th", { scope: "col", text: c })))),
    element("tbody", {}, ...rows));
  main.replaceChildren(element("section", { "aria-labelledby": "sessions-h" },
    element("h2", { id: "sessions-h", text: "Sessions" }),
    rows.length ? table : element("p", { text: "No session yet: open one below." })),
  openSessionForm(api, rulesets.rulesets, campaigns.campaigns),
  campaignsPanel(api, rulesets.rulesets, campaigns.campaigns),
  element("p", {}, element("button", { type: "button", id: "forget-admin", class: "danger", text: "Forget the admin token" })));
  document.getElementById("forget-admin").addEventListener("click", () => {
    store.drop("admin");
    route();
  });
}

// The campaigns: each with its ruleset and GM, and a form that opens one.
function campaignsPanel(api, rulesets, campaigns) {
  const list = element("ul", { id: "campaigns" },
    ...campaigns.map((c) => element("li", { text: `${c.id} — ${c.ruleset}, GM ${c.gm}${c.title ? `: ${c.title}` : ""}` })));
  const id = element("input", { id: "campaign-id", autocomplete: "off" });
  const gm = element("input", { id: "campaign-gm", autocomplete: "off" });
  const title = element("input", { id: "campaign-title", autocomplete: "off" });
  const ruleset = element("select", { id: "campaign-ruleset" },
    ...rulesets.map((r) => element("option", { value: r.id, text: r.id })));
  ruleset.value = mainRuleset(rulesets);
  const error = element("p", { class: "form-error", role: "alert", id: "campaign-error" });
  const form = element("form", { class: "campaign-form", "aria-labelledby": "campaign-open-h" },
    element("h3", { id: "campaign-open-h", text: "Open a campaign" }),
    labelled("campaign-id", "Campaign id *", id),
    labelled("campaign-gm", "GM (their id) *", gm),
    labelled("campaign-ruleset", "Ruleset", ruleset),
    labelled("campaign-title", "Title", title),
    error, element("button", { type: "submit", class: "primary", text: "Open the campaign" }));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    try {
      await api.post("/v1/campaigns", { id: id.value.trim(), gm: gm.value.trim(), ruleset: ruleset.value, title: title.value.trim() });
      say(`campaign ${id.value.trim()} opened`);
      route();
    } catch (problem) {
      error.textContent = problemText(problem);
    }
  });
  return element("section", { id: "campaigns-section", "aria-labelledby": "campaigns-h" },
    element("h2", { id: "campaigns-h", text: "Campaigns" }),
    campaigns.length ? list : element("p", { text: "No campaign yet." }), form);
}

function openSessionForm(api, rulesets, campaigns = []) {
  const options = element("fieldset", { id: "options" }, element("legend", { text: "Options" }));
  const select = element("select", { id: "open-ruleset", name: "ruleset" },
    ...rulesets.map((r) => element("option", { value: r.id, text: `${r.id} — ${r.title || r.error}` })));
  select.value = mainRuleset(rulesets);
  const gm = element("input", { id: "open-gm", name: "gm", "aria-required": "true", autocomplete: "off" });
  const id = element("input", { id: "open-id", name: "id", autocomplete: "off", placeholder: "made for you" });
  const title = element("input", { id: "open-title", name: "title", autocomplete: "off" });
  const campaign = element("select", { id: "open-campaign", name: "campaign" },
    element("option", { value: "", text: "— none —" }),
    ...campaigns.map((c) => element("option", { value: c.id, text: `${c.id} (${c.ruleset})` })));
  const error = element("p", { class: "form-error", role: "alert", id: "open-error" });
  const form = element("form", { class: "open-form", "aria-labelledby": "open-h" },
    element("h2", { id: "open-h", text: "Open a session" }),
    labelled("open-ruleset", "Ruleset", select),
    labelled("open-gm", "GM (their id) *", gm),
    labelled("open-id", "Session id", id),
    labelled("open-title", "Title", title),
    labelled("open-campaign", "Campaign", campaign),
    options, error, element("button", { type: "submit", class: "primary", text: "Open the session" }));
  async function showOptions() {
    let described;
    try {
      described = await api.get(`/v1/rulesets/${encodeURIComponent(select.value)}`);
    } catch (problem) {
      error.textContent = problemText(problem);
      return;
    }
    options.replaceChildren(element("legend", { text: `Options of ${described.id} (empty: the default)` }));
    for (const [name, option] of Object.entries(described.options)) {
      const inputId = `option-${name}`;
      const choices = optionChoices(option);  // a closed set, as declared: the default first
      const input = choices
        ? element("select", { id: inputId, "data-option": name, "aria-describedby": `${inputId}-help` },
          ...choices.map((c) => element("option", { value: c.value, text: c.text })))
        : element("input", { id: inputId, "data-option": name, autocomplete: "off", placeholder: option.default,
          "aria-describedby": `${inputId}-help` });
      options.append(labelled(inputId, name.replaceAll("_", " "), input,
        element("small", { id: `${inputId}-help`, text: option.help })));
    }
  }
  select.addEventListener("change", showOptions);
  campaign.addEventListener("change", () => {  // a campaign's sessions play its ruleset
    const chosen = campaigns.find((c) => c.id === campaign.value);
    if (chosen && select.value !== chosen.ruleset) {
      select.value = chosen.ruleset;
      showOptions();
    }
  });
  showOptions();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    const body = { gm: gm.value.trim(), ruleset: select.value, options: {} };
    for (const input of options.querySelectorAll("[data-option]")) {
      if (input.value.trim()) body.options[input.dataset.option] = input.value.trim();
    }
    if (id.value.trim()) body.id = id.value.trim();
    if (title.value.trim()) body.title = title.value.trim();
    if (campaign.value) body.campaign = campaign.value;
    try {
      const opened = await api.post("/v1/sessions", body);
      say(`Session ${opened.session} opened`);
      location.hash = `#/s/${encodeURIComponent(opened.session)}`;
    } catch (problem) {
      error.textContent = problemText(problem);
    }
  });
  return form;
}

// -- #/s/ID : a session ------------------------------------------------------------------

async function sessionPage(id) {
  const token = store.get(`token.${id}`) || store.get("admin");
  if (!token) return tokenForm(`Session ${id}`, (t) => store.set(`token.${id}`, t));
  const api = new Api(token);
  let shown;
  try {
    shown = await api.get(api.session(id));
  } catch (error) {
    if (error.status === 401 || error.status === 403) {
      store.drop(`token.${id}`);
      return tokenForm(`Session ${id}`, (t) => store.set(`token.${id}`, t), problemText(error));
    }
    main.replaceChildren(element("p", { class: "form-error", role: "alert", text: problemText(error) }));
    return;
  }
  let rules;
  try {
    rules = await api.get(`/v1/rulesets/${encodeURIComponent(shown.views.session.ruleset)}`);
  } catch (error) {
    main.replaceChildren(element("p", { class: "form-error", role: "alert",
      text: `The session's ruleset ${shown.views.session.ruleset} could not be read: ${problemText(error)}` }));
    return;
  }
  const choices = await api.get(`${api.session(id)}/choices`).then((read) => read.characters, () => ({}));
  const page = new SessionPage(api, id, token, shown, rules, choices);
  leaving = () => page.leave();
  page.start();
}

class SessionPage {
  constructor(api, id, token, shown, rules, choices = {}) {
    this.api = api;
    this.choices = choices;
    this.id = id;
    this.token = token;
    this.shown = shown;
    this.rules = rules;
    this.gm = shown.you.role === "gm";
    this.observer = shown.you.role === "observer";
    this.me = shown.you.participant;
    this.asOf = null;
    this.refreshing = null;
    this.source = null;
    this.cursor = null;
    this.stopped = false;
  }

  // Another session's reader (a fork of this one): its own token if the page holds one.
  apiFor(id, token) {
    if (token) store.set(`token.${id}`, token);
    return new Api(store.get(`token.${id}`) || store.get("admin") || this.token);
  }

  get commands() {
    return [...this.rules.commands, ...this.rules.core_commands.filter((c) => c.phase !== "corrections")];
  }

  // The characters, from whichever of the views name them (a ruleset may have no
  // characters view: the house flow's are in its wounds and Void).
  get characters() {
    const names = new Set();
    for (const view of ["characters", "fighters", "wounds", "void"]) {
      const entries = this.shown.views[view];
      if (entries && typeof entries === "object" && !Array.isArray(entries)) Object.keys(entries).forEach((n) => names.add(n));
    }
    return [...names];
  }

  // What the sheets name, offered as a skill, trait or ring is typed.
  suggestions() {
    const found = { skill: new Set(), trait: new Set(), ring: new Set() };
    for (const sheet of Object.values(this.shown.views.characters || {})) {
      for (const [field, key] of [["skill", "skills"], ["trait", "traits"], ["ring", "rings"]]) {
        const named = sheet && sheet[key];
        if (named && typeof named === "object" && !Array.isArray(named)) Object.keys(named).forEach((k) => found[field].add(k));
      }
    }
    return Object.fromEntries(Object.entries(found).filter(([, v]) => v.size).map(([k, v]) => [k, [...v].sort()]));
  }

  // A player's own characters (where the views say who plays whom; else every one, and
  // the server refuses another's).
  mine() {
    const sheets = this.shown.views.characters || {};
    return this.characters.filter((name) => this.gm || !sheets[name] || sheets[name].player === this.me);
  }

  start() {
    const session = this.shown.views.session;
    document.title = `Kiroku — ${session.title || session.id}`;
    this.status = element("span", { id: "live", class: "live", role: "status", text: "connecting…" });
    this.version = element("span", { id: "version" });
    this.header = element("header", { class: "session-head" },
      element("h2", { text: session.title || session.id }),
      element("p", {},
        element("span", { text: `${session.id} · ${session.ruleset} · ` }),
        element("span", { id: "you", text: `you: ${this.me} (${this.gm ? "GM" : this.shown.you.role})` }),
        " · ", this.version, " · ", this.status, " ",
        element("button", { type: "button", id: "other-token", class: "link", text: "Use another token" })));
    this.header.querySelector("#other-token").addEventListener("click", () => {
      store.drop(`token.${this.id}`);
      tokenForm(`Session ${this.id}`, (t) => store.set(`token.${this.id}`, t), "", "A token of this session (a player's link holds one), or the admin token.");
    });
    this.tableSection = element("section", { id: "table", "aria-labelledby": "table-h" }, element("h2", { id: "table-h", text: "The table" }));
    this.actSection = element("section", { id: "act", "aria-labelledby": "act-h" });
    this.timeline = timelinePanel(this);
    // The board: the table (and whose turn it is) in a column of its own that stays in
    // view; acting, the timeline and the GM's panels beside it (under it on a phone).
    const side = [];
    if (!this.observer) side.push(this.actSection);
    side.push(this.timeline.section);
    if (this.gm) {
      this.history = historyPanel(this);
      side.push(element("section", { id: "plots", "aria-labelledby": "plots-h" },
        element("h2", { id: "plots-h", text: "Plots" }), this.history.panel));
      side.push(this.playersPanel());
    }
    main.classList.add("session-page");
    main.replaceChildren(this.header, element("div", { class: `board${this.gm ? " board-gm" : " board-player"}` },
      element("div", { class: "board-table" }, this.tableSection),
      element("div", { class: "board-side" }, ...side)));
    this.render();
    this.buildAct();
    this.follow();
  }

  leave() {
    this.stopped = true;
    if (this.source) this.source.close();
  }

  // -- the live stream: caught up from the events, then followed, resumed after a drop --

  async follow() {
    try {
      this.cursor = await this.timeline.load();
    } catch (error) {
      this.status.textContent = `cannot read the events: ${problemText(error)}`;
      return;
    }
    this.connect();
  }

  connect() {
    if (this.stopped) return;
    const source = new EventSource(`${this.api.session(this.id)}/stream?${streamQuery(this.token, this.cursor)}`);
    this.source = source;
    source.onopen = () => {
      this.setStatus("live");
      this.refresh();
    };
    source.onmessage = (message) => {
      this.cursor = resumeAfter(message.lastEventId, this.cursor);
      const row = JSON.parse(message.data);
      if (row.type === "SessionClosed") this.closed = true;
      if (row.type === "SessionReopened") this.closed = false;
      this.timeline.add(row);
      this.refresh();
    };
    source.onerror = () => {
      if (source.readyState !== EventSource.CLOSED) {
        this.setStatus("down");  // the browser reconnects by itself, from the last cursor
        return;
      }
      source.close();
      this.lost();
    };
  }

  // The stream ended for good: the session closed (look again now and then, for its
  // reopening), the token no longer holds (ask for one), or the server is away (retry).
  async lost() {
    if (this.stopped) return;
    try {
      await this.api.get(this.api.session(this.id));
    } catch (error) {
      if (error.status === 401 || error.status === 403) return this.refused(error);
      this.setStatus("down");
      setTimeout(() => this.connect(), 1000);
      return;
    }
    if (this.closed) {
      this.setStatus("closed");
      setTimeout(() => this.connect(), 15000);
    } else {
      setTimeout(() => this.connect(), 1000);
    }
  }

  refused(error) {
    this.leave();
    store.drop(`token.${this.id}`);
    tokenForm(`Session ${this.id}`, (t) => store.set(`token.${this.id}`, t), problemText(error));
  }

  setStatus(state) {
    const said = { live: "live", down: "reconnecting…", closed: "closed by the GM: nothing is taken until it is reopened" };
    this.status.textContent = said[state];
    this.status.dataset.state = state;
  }

  // The views again, once per burst of events: the server's fold is the truth. A read
  // that fails is tried again until it answers; the page says it is not live meanwhile.
  refresh(wait = 120) {
    if (this.refreshing || this.stopped) return;
    this.refreshing = setTimeout(async () => {
      this.refreshing = null;
      const asked = (this.reads = (this.reads || 0) + 1);
      try {
        const [shown, choices] = await Promise.all([this.api.get(this.api.session(this.id)),
          this.api.get(`${this.api.session(this.id)}/choices`)]);
        if (asked !== this.reads) return;  // a later read was sent: its answer is newer
        this.shown = shown;
        this.choices = choices.characters;
        if (this.asOf === null) this.render();
        else this.version.textContent = `showing position ${this.asOf} of ${shown.version}`;
        this.updateCharacters();
        if (this.history) this.history.draw();
        if (this.retry) this.retry();  // a filled form's odds, on the table as it now is
        if (this.source && this.source.readyState === EventSource.OPEN) this.setStatus("live");
      } catch (error) {
        if (error.status === 401 || error.status === 403) return this.refused(error);
        this.setStatus("down");
        this.status.title = problemText(error);
        this.refresh(1500);
      }
    }, wait);
  }

  async showAt(position) {
    if (position === null) {
      this.asOf = null;
      this.render();
      return;
    }
    this.asOf = position;
    try {
      const past = await this.api.get(this.api.session(this.id), { at: position });
      if (this.asOf === position) this.render(past);
    } catch (error) {
      if (this.asOf !== position) return;
      const title = this.tableSection.querySelector("h2");
      this.tableSection.replaceChildren(title, element("p", { class: "form-error", role: "alert",
        text: `The table at position ${position} could not be read: ${problemText(error)}` }));
    }
  }

  render(past) {
    const shown = past || this.shown;
    this.version.textContent = past ? `showing position ${past.views.session.position} of ${this.shown.version}` : `position ${shown.version}`;
    const title = this.tableSection.querySelector("h2");
    const banner = past ? element("p", { class: "as-of", role: "status", text: `As the table stood at position ${past.views.session.position} (the live table is paused; the timeline's slider returns to it)` }) : "";
    this.tableSection.replaceChildren(title, banner, ...tablePanels(shown));
  }

  updateCharacters() {
    const names = this.mine();
    if (this.built) this.built.offer(this.characters, this.choices, this.suggestions());
    const select = this.actSection.querySelector("#act-character");
    if (!select) return;
    const current = select.value;
    const known = [...select.options].map((o) => o.value);
    let moved = false;
    if (names.join("\n") !== known.join("\n")) {
      select.replaceChildren(...names.map((n) => element("option", { value: n, text: n })));
      if (names.includes(current)) select.value = current;
      moved = true;
    }
    // Whose turn it is acts next: the picked character follows the turn as it moves on
    const turn = currentTurn(this.shown.views);
    if (turn && turn !== this.turn && names.includes(turn)) {
      select.value = turn;
      moved = true;
    }
    const turnMoved = turn !== this.turn;
    this.turn = turn;
    if (moved && this.fillCharacter) this.fillCharacter(!turnMoved);
    if (this.offerCommands) this.offerCommands();
    if (this.turnLine) {
      const mine = turn && names.includes(turn);
      this.turnLine.textContent = turn ? `${turn}'s turn${mine ? "" : " (not one of yours)"}` : "";
    }
  }

  // -- acting: any command of the ruleset, from its fields; a roll's odds before it ----

  buildAct() {
    const section = this.actSection;
    const character = element("select", { id: "act-character" });
    const command = element("select", { id: "act-command" });
    // By phase, and only what the holder may give (the rules mark the GM's: gm_only)
    let offeredFighting = null;
    const offerCommands = () => {
      const now = fighting(this.shown.views);
      if (now === offeredFighting) return;
      offeredFighting = now;
      const picked = command.value;
      command.replaceChildren(...commandGroups(this.commands, this.rules.phases, { gm: this.gm, fighting: now }).map((group) =>
        element("optgroup", { label: group.label, "data-phase": group.id },
          ...group.commands.map((c) => element("option", { value: c.name, text: c.name })))));
      if (picked && [...command.options].some((o) => o.value === picked)) command.value = picked;
      else if (now) {  // a fight on: what a turn is for, first
        const first = command.querySelector("optgroup[data-phase='fighting'] option");
        if (first) command.value = first.value;
      }
    };
    this.offerCommands = offerCommands;
    offerCommands();
    const holder = element("div", { id: "act-form" });
    const odds = element("div", { id: "odds", "aria-live": "polite" });
    const result = element("div", { id: "result", "aria-live": "polite" });
    const submit = element("button", { type: "submit", id: "act-submit", class: "primary", text: "Record" });
    const turn = element("p", { id: "act-turn", class: "act-turn" });
    section.replaceChildren(
      element("h2", { id: "act-h", text: this.gm ? "Act" : "Your characters" }), turn,
      element("div", { class: "act-pick" },
        labelled("act-character", "Character", character),
        labelled("act-command", "Command", command)),
      holder, result);
    this.turnLine = turn;
    this.updateCharacters();
    let built = null;
    let trial = 0;
    const described = () => this.commands.find((c) => c.name === command.value);
    const preview = debounce(async () => {
      const spec = described();
      if (!built || spec.dice === "none") {
        odds.replaceChildren();
        return;
      }
      const asked = ++trial;
      const body = built.values();
      if (!built.touched || built.problem()) {  // nothing typed yet, or nothing to try yet
        odds.replaceChildren();
        return;
      }
      try {
        const tried = await this.api.post(`${this.api.session(this.id)}/commands`, body, { dry_run: "true" });
        if (asked !== trial) return;
        built.clear();
        odds.replaceChildren(...oddsPanel(tried.roll));
      } catch (error) {
        if (asked !== trial) return;
        odds.replaceChildren(element("p", { class: "odds-none", text: `No odds yet: ${problemText(error)}` }));
      }
    }, 250);
    const build = () => {
      const spec = described();
      built = commandForm(spec, { characters: this.characters, choices: this.choices, suggestions: this.suggestions(),
        gm: this.gm, onInput: preview });
      this.built = built;
      built.form.append(odds, submit);  // the odds just above the button that rolls
      built.form.addEventListener("submit", (event) => {
        event.preventDefault();
        send();
      });
      holder.replaceChildren(built.form);
      fillCharacter();
      submit.textContent = spec.dice === "none" ? `Record: ${spec.name}` : `Roll: ${spec.name}`;
      submit.className = DESTRUCTIVE.has(spec.name) ? "danger" : "primary";
      result.replaceChildren();
      preview();
    };
    // The picked character acts: in the fields that name who acts and must be given, and
    // for a player in any such field (the GM's free roll or note stays no one's).
    const fillCharacter = (onlyEmpty = false) => {
      if (!built) return;
      for (const name of ["character", "attacker", "healer", "leader"]) {
        const entry = built.inputs.get(name);
        if (!entry || !character.value || (onlyEmpty && entry.text())) continue;
        if (entry.field.required || !this.gm) built.set(name, character.value);
      }
    };
    this.fillCharacter = fillCharacter;
    this.retry = () => {
      if (built && built.touched && described().dice !== "none") preview();
    };
    command.addEventListener("change", build);
    character.addEventListener("change", () => {
      fillCharacter();
      preview();
    });
    const send = async () => {
      const spec = described();
      const problem = built.problem();  // what the page can tell before asking
      if (problem) {
        built.fault(problem);
        return;
      }
      submit.disabled = true;
      try {
        const done = await this.api.post(`${this.api.session(this.id)}/commands`, built.values());
        built.clear();
        result.replaceChildren(...recordedPanel(done));
        say(`${spec.name} recorded`);
        this.refresh();
        preview();
      } catch (error) {
        result.replaceChildren();
        built.fault(error instanceof ApiProblem ? error : { message: String(error) });
      } finally {
        submit.disabled = false;
      }
    };
    build();
  }

  // -- the GM's players: who takes part, and the links they open on their phones ------

  playersPanel() {
    const participant = element("input", { id: "link-participant", autocomplete: "off" });
    const role = element("select", { id: "link-role" },
      element("option", { value: "player", text: "player" }), element("option", { value: "observer", text: "observer" }));
    const error = element("p", { class: "form-error", role: "alert" });
    const links = element("ul", { id: "links" });
    const form = element("form", { class: "links-form" },
      labelled("link-participant", "Participant (their id)", participant),
      labelled("link-role", "Role", role),
      error, element("button", { type: "submit", id: "link-issue", class: "primary", text: "Let them take part and make their link" }));
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      error.textContent = "";
      const who = participant.value.trim();
      const path = this.api.session(this.id);
      try {
        {
          try {
            await this.api.post(`${path}/commands`, { command: "participant", participant: who, role: role.value });
          } catch (problem) {  // already taking part in that role: a link is all they need
            if (problem.status !== 422 || !problem.message.includes(`already a ${role.value}`)) throw problem;
          }
        }
        const made = await this.api.post(`${path}/tokens`, { participant: who });
        // the server's link: on the address phones reach it at (kiroku serve --public-url)
        const link = made.link || `${location.origin}/#/s/${encodeURIComponent(this.id)}?token=${encodeURIComponent(made.token)}`;
        // A link to hand over, not to follow here: opening it in this browser would make
        // this page theirs (the page keeps the last token a link gave it).
        const id = `link-${links.children.length + 1}`;
        const field = element("input", { id, class: "player-link", readonly: true, value: link });
        const copy = element("button", { type: "button", text: "Copy", "aria-label": `Copy ${made.participant}'s link` });
        copy.addEventListener("click", async () => {
          field.select();
          try {
            await navigator.clipboard.writeText(link);
            say("link copied");
          } catch {
            say("select the link and copy it");
          }
        });
        const item = element("li", {}, element("label", { for: id, text: `${made.participant} (${made.role})` }), field, copy);
        if (made.link_qr) {  // drawn by the server (segno), nothing fetched: their phone scans it
          item.append(element("img", { class: "qr", id: `${id}-qr`, width: 180, height: 180,
            src: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(made.link_qr.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" '))}`,
            alt: `QR code of ${made.participant}'s link` }));
        }
        if (made.reachable === false) {
          item.append(element("p", { class: "warning", id: `${id}-reach`,
            text: "This link names this machine's own address: a phone cannot open it. Serve on the "
              + "local network and say where the phones reach it: kiroku serve --host 0.0.0.0 "
              + "--public-url http://THIS-MACHINE'S-ADDRESS:PORT (hostname -I gives the address)." }));
        }
        links.append(item);
        this.showTokens();
        say(`a link for ${made.participant}`);
      } catch (problem) {
        error.textContent = problemText(problem);
      }
    });
    const tokens = element("ul", { id: "tokens", "aria-label": "the session's tokens" });
    const showTokens = async () => {
      let listed;
      try {
        listed = (await this.api.get(`${this.api.session(this.id)}/tokens`)).tokens;
      } catch (problem) {
        tokens.replaceChildren(element("li", { class: "form-error", text: problemText(problem) }));
        return;
      }
      tokens.replaceChildren(...listed.map((t) => {
        const item = element("li", { "data-token": t.token, text: `${t.participant}: token ${t.token}, issued ${new Date(t.issued_at).toLocaleString()}${t.revoked ? ", revoked" : ""} ` });
        if (!t.revoked) {
          const revoke = element("button", { type: "button", class: "revoke danger", text: `Revoke ${t.participant}'s token` });
          revoke.addEventListener("click", async () => {
            try {
              await this.api.call("DELETE", `${this.api.session(this.id)}/tokens/${encodeURIComponent(t.token)}`);
              say(`${t.participant}'s token revoked`);
            } catch (problem) {
              item.append(element("span", { class: "form-error", role: "alert", text: ` ${problemText(problem)}` }));
              return;
            }
            showTokens();
          });
          item.append(revoke);
        }
        return item;
      }));
    };
    this.showTokens = showTokens;
    showTokens();
    const section = element("section", { id: "players", "aria-labelledby": "players-h" },
      element("h2", { id: "players-h", text: "Players' links" }), form, links,
      element("h3", { text: "Tokens given (a lost phone: revoke its token)" }), tokens);
    const campaign = this.shown.views.session.campaign;
    if (campaign) section.append(this.carryForm(campaign));
    return section;
  }

  // A character of the campaign joins as the sessions before left them (POST …/carry).
  carryForm(campaign) {
    const character = element("input", { id: "carry-character", autocomplete: "off", list: "carry-characters" });
    const known = element("datalist", { id: "carry-characters" });
    const player = element("input", { id: "carry-player", autocomplete: "off" });
    const days = element("input", { id: "carry-days", inputmode: "numeric", autocomplete: "off" });
    const error = element("p", { class: "form-error", role: "alert" });
    const done = element("p", { id: "carry-done", role: "status" });
    const form = element("form", { class: "carry-form", "aria-labelledby": "carry-h" },
      element("h3", { id: "carry-h", text: `Join from the campaign ${campaign}` }), known,
      labelled("carry-character", "Character *", character),
      labelled("carry-player", "Player (default: as before)", player),
      labelled("carry-days", "Days since (default: the ruleset's)", days),
      error, element("button", { type: "submit", id: "carry-go", class: "primary", text: "Join as the campaign left them" }), done);
    this.api.get(`/v1/campaigns/${encodeURIComponent(campaign)}`).then((read) => {
      for (const c of read.characters) known.append(element("option", { value: c.character }));
    }, () => {});
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      error.textContent = "";
      const body = { character: character.value.trim() };
      if (player.value.trim()) body.player = player.value.trim();
      if (days.value.trim()) body.days = /^-?\d+$/.test(days.value.trim()) ? Number(days.value.trim()) : days.value.trim();
      try {
        const made = await this.api.post(`${this.api.session(this.id)}/carry`, body);
        done.textContent = made.recorded.map((r) => r.summary).join("; ");
        this.refresh();
      } catch (problem) {
        error.textContent = problemText(problem);
      }
    });
    return form;
  }
}

// Commands that take something back or end something: their button says so.
const DESTRUCTIVE = new Set(["close", "retract", "undo"]);

function debounce(action, wait) {
  let timer = null;
  return () => {
    clearTimeout(timer);
    timer = setTimeout(action, wait);
  };
}

const signed = (n) => `${n >= 0 ? "+" : ""}${n}`;

// One part of a roll (a wound penalty, a Void point, a stance): what it adds, and why.
function partText(part) {
  const rolled = part.rolled || 0;
  const kept = part.kept || 0;
  const what = [
    rolled || kept ? `${signed(rolled)}k${kept}` : "",
    part.total ? `${signed(part.total)} to the total` : "",
    part.tn ? `TN ${signed(part.tn)}` : "",
  ].filter(Boolean).join(", ");
  return `${part.source}: ${what || "no change"}`;
}

const percent = (p) => `${(p * 100).toFixed(1)}%`;

// The chance of the roll a form would throw, with the pool and TN parts, and its plots.
function oddsPanel(roll) {
  if (!roll) return [element("p", { class: "odds-none", text: "This command throws no dice whose odds can be given before it." })];
  const parts = roll.parts.map((p) => element("li", { text: partText(p) }));
  const head = element("p", { class: "odds" },
    element("strong", { id: "odds-probability", "data-probability": roll.probability ?? "", text: roll.probability === null ? "no TN" : percent(roll.probability) }),
    ` to succeed: `,
    element("span", { id: "odds-pool", text: roll.expression }),
    roll.tn === null ? "" : element("span", {}, " vs TN ", element("span", { id: "odds-tn", text: String(roll.tn) })),
    roll.base_tn !== null ? ` (base TN ${roll.base_tn}${roll.raises ? `, ${roll.raises} raise${roll.raises > 1 ? "s" : ""}` : ""}${roll.free_raises ? `, ${roll.free_raises} free` : ""})` : "",
    roll.unskilled ? " unskilled" : "", roll.emphasis ? " with emphasis" : "",
    roll.expected_strife != null ? `; strife expected: ${roll.expected_strife.toFixed(2)}` : "");
  const byTn = linePlot({
    title: `Chance of success of ${roll.expression} by TN`,
    xLabel: "TN", yLabel: "chance", percent: true, mark: roll.tn,
    series: [{ name: roll.expression, points: Object.entries(roll.by_tn).map(([tn, p]) => [Number(tn), p]) }],
  });
  const plots = [byTn];
  if (roll.by_raises.length) {
    plots.push(linePlot({
      title: `Chance of success of ${roll.expression} by raises called`,
      xLabel: "raises", yLabel: "chance", percent: true, mark: roll.raises,
      series: [{ name: roll.expression, points: roll.by_raises.map((r) => [r.raises, r.probability]) }],
    }));
  }
  return [head, parts.length ? element("ul", { class: "parts", "aria-label": "what makes the pool and the TN" }, ...parts) : "",
    element("div", { class: "plots" }, ...plots)];
}

// What a command recorded: its events, and each roll die by die.
export function recordedPanel(done) {
  const list = element("ol", { class: "recorded", "aria-label": "what was recorded" },
    ...done.recorded.map((r) => element("li", { value: r.position, text: r.summary })));
  const rolls = done.rolls.map((roll) => rollPanel(roll));
  const warnings = (done.warnings || []).map((w) => element("p", { class: "warning", text: `⚠ ${w}` }));
  return [list, ...rolls, ...warnings];
}

export function rollPanel(roll) {
  if (roll.family === "narrative") return narrativePanel(roll);
  const kept = new Set(roll.kept_dice);
  const rerolled = new Set(roll.rerolled_ones);
  const dice = roll.dice.map((faces, i) => element("li", {
    class: `die${kept.has(i) ? " kept" : ""}${faces.length > 1 ? " exploded" : ""}`,
    "aria-label": `die ${i + 1}: ${faces.join(" + ")}${faces.length > 1 ? " (exploded)" : ""}${rerolled.has(i) ? " (a 1 rerolled)" : ""}${kept.has(i) ? ", kept" : ", dropped"}`,
    text: `${rerolled.has(i) ? "1→" : ""}${faces.join("+")}`,
  }));
  const parts = (roll.parts || []).map((p) => element("li", { text: partText(p) }));
  const keptSum = roll.kept_dice.map((i) => roll.die_values[i]);
  const total = `${keptSum.join(" + ")}${roll.bonus ? ` + ${roll.bonus}` : ""} = ${roll.total}`;
  const outcome = roll.effective_tn === null ? "" : ` vs TN ${roll.effective_tn}: ${roll.success ? "success" : "failure"}`;
  return element("figure", { class: "roll", "data-position": roll.position },
    element("figcaption", { text: `#${roll.position} ${roll.character || ""} ${roll.expression}` }),
    element("ol", { class: "dice", "aria-label": "the dice, kept ones marked" }, ...dice),
    element("p", { class: "total", text: `${total}${outcome}` }),
    roll.base_tn !== null && roll.base_tn !== undefined ? element("p", { class: "tn", text: `base TN ${roll.base_tn}${roll.raises ? `, ${roll.raises} raise(s) called` : ""}${roll.free_raises ? `, ${roll.free_raises} free` : ""}` }) : "",
    parts.length ? element("ul", { class: "parts", "aria-label": "the parts of the pool and TN" }, ...parts) : "");
}

// A narrative check (the 5e confrontations'): each die and what it shows, the kept ones
// marked, the counts of the kept dice and the TN with its parts.
function narrativePanel(roll) {
  const dice = roll.dice.map((d) => element("li", {
    class: `die${d.kept ? " kept" : ""}${d.exploded_from !== null ? " exploded" : ""}`,
    "aria-label": `die ${d.index + 1}: ${d.kind} ${d.face}, ${d.shows}${d.exploded_from !== null ? ` (explosion of die ${d.exploded_from + 1})` : ""}${d.kept ? ", kept" : ", dropped"}`,
    text: `${d.kind === "ring" ? "r" : "s"}${d.face}`,
  }));
  const parts = (roll.parts || []).map((p) => element("li", { text: `${p.source}: TN ${signed(p.value)}` }));
  const counts = `${roll.successes} successes, ${roll.opportunities} opportunities, ${roll.strife} strife`;
  const outcome = roll.tn === null ? "" : ` vs TN ${roll.tn}: ${roll.success ? `success${roll.bonus_successes ? `, ${roll.bonus_successes} bonus` : ""}` : "failure"}`;
  return element("figure", { class: "roll", "data-position": roll.position },
    element("figcaption", { text: `#${roll.position} ${roll.character || ""} ${roll.skill || ""} ${roll.expression}` }),
    element("ol", { class: "dice", "aria-label": "the dice, kept ones marked" }, ...dice),
    element("p", { class: "total", text: `${counts}${outcome}` }),
    parts.length ? element("ul", { class: "parts", "aria-label": "the parts of the TN" }, ...parts) : "");
}

window.addEventListener("hashchange", route);
route();
