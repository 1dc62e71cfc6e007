// The console's pure parts (adapters/http/console/logic.js), under node's test runner:
// the turn order, the wound tracks, where a TN comes from, and where the stream resumes.
import assert from "node:assert/strict";
import { test } from "node:test";

import { mainRuleset, resumeAfter, streamQuery, tnPartLines, turnOrderRows, woundTrackRows } from "../../adapters/http/console/logic.js";

const LADDER = [
  { rank: "Healthy", up_to: 10, penalty: 0 },
  { rank: "Nicked", up_to: 14, penalty: 3 },
  { rank: "Out", up_to: 38, penalty: null },
  { rank: "Dead", up_to: null, penalty: null },
];

test("the turn order shows whose turn it is, the figure it is ordered by, and who is skipped", () => {
  const order = turnOrderRows({
    in_combat: true, round: 2, current: "Akodo Kaneka",
    order: [
      { character: "Akodo Kaneka", score: 31, total: 21 },
      { character: "Bayushi Fumi", score: 18, skipped: "Out", acted: false },
      { character: "Ronin 1", initiative: 12, acted: true, delayed: true },
    ],
  });
  assert.equal(order.title, "Turn order, round 2");
  assert.deepEqual(order.rows.map((r) => [r.character, r.score, r.current, r.marks]), [
    ["Akodo Kaneka", 31, true, ["their turn"]],  // the figure it orders on, not the roll
    ["Bayushi Fumi", 18, false, ["skipped (Out)"]],
    ["Ronin 1", 12, false, ["acted", "delayed"]],
  ]);
  assert.equal(turnOrderRows({ combat: false, order: [{ character: "A" }] }).title, "Turn order (no combat under way)");
  assert.equal(turnOrderRows({ order: [] }), null);
  assert.equal(turnOrderRows(undefined), null);
});

test("a wound track fills each rank's box between the rank before's limit and its own", () => {
  const [track] = woundTrackRows({ "Bayushi Fumi": { wounds: 12, rank: "Nicked", penalty: 3, ladder: LADDER } });
  assert.equal(track.state, "12 wounds — Nicked, +3 TN");
  assert.deepEqual(track.ranks.map((r) => [r.rank, r.filled, r.reached, r.passed]), [
    ["Healthy", 1, false, true],
    ["Nicked", 0.5, true, false],  // 2 of the 4 wounds from 10 to 14
    ["Out", 0, false, false],
    ["Dead", 0, false, false],
  ]);
  assert.equal(track.ranks[1].label, "Nicked (to 14), +3 TN");
  const [out] = woundTrackRows({ Ronin: { wounds: 40, rank: "Dead", penalty: null, ladder: LADDER } });
  assert.equal(out.state, "40 wounds — Dead, cannot act");
  assert.equal(out.ranks[3].filled, 1);
  assert.equal(woundTrackRows({ Tengu: { boxes: 2 } }), null);  // a view with no ladder
});

test("a TN's parts are spelled out, a negative part with its minus sign", () => {
  const lines = tnPartLines({
    armour: { "Bayushi Fumi": { tn: 20, parts: [{ source: "Reflexes × 5 + 5", value: 20 }] } },
    manoeuvres: { "Mirumoto Rola": { tn: 5, tn_parts: [{ source: "base", value: 15 }, { source: "Assault", value: -10 }] } },
    session: { position: 4 },
  });
  assert.deepEqual(lines.map((l) => l.text), [
    "Bayushi Fumi, armour TN 20 — Reflexes × 5 + 5: 20",
    "Mirumoto Rola, manoeuvres TN 5 — base: 15; Assault: −10",
  ]);
});

test("the stream resumes after the last event delivered, never from the start", () => {
  assert.equal(resumeAfter("e-7", "e-5"), "e-7");
  assert.equal(resumeAfter("", "e-5"), "e-5");  // a heartbeat carries no id
  assert.equal(resumeAfter(undefined, null), null);
  assert.equal(streamQuery("tok", null), "access_token=tok");
  assert.equal(streamQuery("tok", "e-7"), "access_token=tok&after=e-7");
});

test("a new session's form starts on the server's main ruleset, else the first listed", () => {
  const listed = [{ id: "l5r-house", title: "House" }, { id: "l5r4e", title: "4e", main: true }];
  assert.equal(mainRuleset(listed), "l5r4e");
  assert.equal(mainRuleset([{ id: "coin", title: "Coins" }]), "coin");
  assert.equal(mainRuleset([]), "");
});

test("commands are offered by the phase each declares, and a player is offered none of the GM's", async () => {
  const { commandGroups } = await import("../../adapters/http/console/logic.js");
  const phases = [
    { id: "setting_up", title: "Setting up" }, { id: "turns", title: "Rounds and turns" },
    { id: "fighting", title: "Fighting" }, { id: "rolls", title: "Rolls and checks" },
    { id: "wounds", title: "Wounds and recovery" }, { id: "session", title: "The session" },
  ];
  const commands = [
    { name: "roll", gm_only: false, phase: "rolls" }, { name: "combat start", gm_only: true, phase: "turns" },
    { name: "attack", gm_only: false, phase: "fighting" }, { name: "wound", gm_only: true, phase: "wounds" },
    { name: "join", gm_only: true, phase: "setting_up" }, { name: "note", gm_only: false, phase: "session" },
    { name: "tea", gm_only: false, phase: "rolls" }, { name: "duel strike", gm_only: false, phase: "fighting" },
    { name: "spin", gm_only: false, phase: "spinning" },  // a plug-in's phase the list does not name
  ];
  const gm = commandGroups(commands, phases, { gm: true, fighting: true });
  assert.deepEqual(gm.map((g) => [g.label, g.commands.map((c) => c.name)]), [
    ["Rounds and turns", ["combat start"]], ["Fighting", ["attack", "duel strike"]],
    ["Rolls and checks", ["roll", "tea"]], ["Wounds and recovery", ["wound"]],
    ["Setting up", ["join"]], ["The session", ["note"]], ["spinning", ["spin"]],
  ]);
  const player = commandGroups(commands, phases, { gm: false, fighting: false });
  assert.deepEqual(player.map((g) => g.id), ["rolls", "fighting", "session", "spinning"]);
  assert.ok(player.every((g) => g.commands.every((c) => !c.gm_only)));
});

test("whose turn it is and whether a fight is on, from whichever view says so", async () => {
  const { currentTurn, fighting } = await import("../../adapters/http/console/logic.js");
  assert.equal(currentTurn({ initiative: { in_combat: true, current: "Akodo Kaneka" } }), "Akodo Kaneka");
  assert.equal(currentTurn({ initiative: { in_combat: false, current: null } }), null);
  assert.equal(fighting({ initiative: { combat: true } }), true);
  assert.equal(fighting({ wounds: {} }), false);
});

test("a ruleset option's choices are the values it declares, the default first", async () => {
  const { optionChoices } = await import("../../adapters/http/console/logic.js");
  assert.deepEqual(optionChoices({ help: "…", default: "3", values: ["3", "6", "0"] }), [
    { value: "", text: "3 (default)" }, { value: "6", text: "6" }, { value: "0", text: "0" },
  ]);
  // whatever its help says: a help written "X (default): …" with no values declared is typed
  assert.equal(optionChoices({ help: "true (default): yes; false: no", default: "true" }), null);
  assert.equal(optionChoices({ help: "the XP every character starts with", default: "40", values: [] }), null);
  assert.deepEqual(optionChoices({ help: "pool or tn", default: "pool", values: ["tn", "pool"] }).map((c) => c.value), ["", "tn"]);
});

test("an amendment changes only what differs from the ruling as given", async () => {
  const { changedInputs } = await import("../../adapters/http/console/logic.js");
  const given = { character: "A", tn: 20, raises: 0, manoeuvres: [] };
  assert.deepEqual(changedInputs(given, { character: "A", tn: 25, raises: 0, manoeuvres: [] }), { tn: 25 });
  assert.deepEqual(changedInputs(given, { character: "A", tn: 20, void: true }), { void: true });
  assert.deepEqual(changedInputs(given, { character: "A", tn: 20, manoeuvres: null, arrow: null }), {});
});

test("a named item reads as the rules read it, and the boxes ticked send NAME or NAME:ARGUMENT", async () => {
  const { namedItem, namedItems } = await import("../../adapters/http/console/logic.js");
  assert.deepEqual(namedItem("Called-Shot:Head"), { name: "called_shot", argument: "head" });
  assert.deepEqual(namedItem("feint"), { name: "feint", argument: "" });
  const values = ["extra_attack", "called_shot", "increased_damage", "feint"];
  // in the order the field declares, an argument left out left to the rules' default
  assert.deepEqual(namedItems(values, { feint: "", called_shot: "head", increased_damage: "" }),
    ["called_shot:head", "increased_damage", "feint"]);
  assert.deepEqual(namedItems(values, { increased_damage: "2" }), ["increased_damage:2"]);
  assert.deepEqual(namedItems(values, {}), []);
});

test("faces are refused as the server refuses them, each family as it types them", async () => {
  const { facesProblem } = await import("../../adapters/http/console/logic.js");
  assert.equal(facesProblem("roll_keep", "6,7,10+3,1r4"), null);
  assert.equal(facesProblem("roll_keep", "6,7,10+"), "faces '6,7,10+': die 3 ('10+'): '' is not a face");
  assert.equal(facesProblem("roll_keep", "2r5"), "faces '2r5': die 1 ('2r5'): only a 1 is rerolled, written '1r' before the new faces");
  assert.equal(facesProblem("narrative", "5,3,1,12"), null);
  assert.equal(facesProblem("two_d6", "10+3"), "--faces '10+3': give each die's face, as 3,5");
  assert.equal(facesProblem("roll_keep", " "), "faces ' ': no dice given");
});
