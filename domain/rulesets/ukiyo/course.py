"""A conflict's course, decided: its start, the sides' objectives and counts, the first
initiative, the punishments and wounds once it is won, and changing course on the way
(« FLEXIBILITE DU SYSTEME »: forfeit, a changed objective, « AGGRAVER LE CONFLIT »,
surrender, « ETRE INTERROMPU », « Se relayer » and « Soutenir un ami »), from
errants-d-ukiyo-conflicts.fr.txt."""

from __future__ import annotations

import msgspec

from domain.commands import Dice
from domain.errors import IllegalUnderRules, MalformedInput
from domain.events import Event
from domain.names import check_name, key
from domain.rulesets.ukiyo import commands as c
from domain.rulesets.ukiyo.counts import GRAVITY_NAMES, HIGHEST_USUAL, falls_at, wounds_for
from domain.rulesets.ukiyo.events import (
    Aggravated,
    ConflictEnded,
    ConflictInterrupted,
    ConflictStarted,
    ConflictWon,
    CountsSet,
    InitiativeTaken,
    ObjectiveStated,
    Punished,
    SideJoined,
    SideOut,
    SideSpec,
    SurrenderAnswered,
    SurrenderOffered,
)
from domain.rulesets.ukiyo.play import Play
from domain.rulesets.ukiyo.state import Conflict, Side

SMALL_GROUP = 2
"""« Menace de niveau 2 : un petit groupe de professionnels »: the most a threat may be
for the GM to lower it when sharing the extras out among leads."""
RARE = 4
"""« Il existe des affrontements à quatre voire cinq manches mais ils sont rarissimes. Ils
doivent être réservés aux ultimes vengeances, aux combats contre des armées entières ou
des monstres terribles »: the GM says which, as the command's reason."""


def decide_start(play: Play, command: c.StartConflict, dice: Dice | None) -> list[Event]:
    play.core.gm_only(play.actor, "start a conflict")
    if len(command.sides) < 2:
        raise MalformedInput("a conflict has two sides or more: give --side for each")
    sides = _lowered([_side(play, text) for text in command.sides], command.threats)
    names = [key(s.name) for s in sides]
    if len(set(names)) != len(names):
        raise MalformedInput(f"two sides share a name: {', '.join(s.name for s in sides)}")
    members = [key(m) for s in sides for m in s.members]
    if len(set(members)) != len(members):
        raise MalformedInput("a character is on two sides")
    if command.kind == "duel" and len(sides) != 2:
        raise MalformedInput(f"a duel is between two sides, not {len(sides)}")
    if command.kind == "three_way" and len(sides) < 3:
        raise MalformedInput("a three-way duel (« duel à trois ») has more than two sides")
    for spec in sides:
        for member in spec.members:
            _free(play, member)
    name = command.conflict or " vs ".join(s.name for s in sides)
    check_name(name, "a conflict's name")
    if key(name) in play.state.conflicts:
        raise IllegalUnderRules(f"a conflict {name!r} is under way: name this one (--conflict)")
    return [play.event(ConflictStarted, conflict=name, kind=command.kind, sides=tuple(sides),
                       extended=command.extended)]  # fmt: skip


def _free(play: Play, name: str) -> None:
    """A lead is in one conflict at a time, but between the manches of an extended one
    (« il est bien évidemment possible de mener d'autres conflits durant la période de
    temps qui sépare deux manches étendues »); extras may face several leads at once (« Chaque
    tête d'affiche affronte une partie du groupe »)."""
    errant = play.errant(name)
    if errant.sheet.extras:
        return
    for other in play.state.conflicts.values():
        if other.under_way and not other.extended and other.side_of(errant.name) is not None:
            raise IllegalUnderRules(
                f"{errant.name} is in conflict {other.name!r}, under way: end it first (only "
                "an extended conflict leaves room for another between its manches)"
            )


def _lowered(sides: list[SideSpec], threats: tuple[str, ...]) -> list[SideSpec]:
    """« répartir les figurants entre les différentes têtes d'affiche (vous pouvez
    diminuer la menace si vous le souhaitez) »: ``SIDE=N`` lowers an extras side's threat
    in this conflict (« une foule, même divisée, reste une foule »: never raised)."""
    for text in threats:
        name, _, number = text.partition("=")
        side = next((s for s in sides if key(s.name) == key(name)), None)
        if side is None or not number.strip().isascii() or not number.strip().isdigit():
            raise MalformedInput(f"--threat {text!r}: write SIDE=N for one of the sides")
        if side.threat is None:
            raise MalformedInput(f"--threat {text!r}: {side.name} are leads, not extras")
        if side.threat > SMALL_GROUP:
            raise MalformedInput(
                f"--threat {text!r}: {side.name} are a troop or an army (threat "
                f"{side.threat}): « la menace ne diminue pas (une foule, même divisée, reste "
                "une foule) »"
            )
        lowered = int(number)
        if not 1 <= lowered <= side.threat:
            raise MalformedInput(
                f"--threat {text!r}: 1 to {side.threat}, the extras' own threat at most"
            )
        sides = [msgspec.structs.replace(s, threat=lowered) if s is side else s for s in sides]
    return sides


def _side(play: Play, text: str) -> SideSpec:
    """``Tengu`` (a side of one) or ``heroes=Sakura,Tengu``."""
    label, sep, listed = text.partition("=")
    names = [n.strip() for n in (listed if sep else label).split(",") if n.strip()]
    if not names or not label.strip():
        raise MalformedInput(f"a side {text!r}: write NAME, or SIDE=NAME,NAME")
    errants = [play.errant(n) for n in names]
    for errant in errants:
        if errant.dead:
            raise IllegalUnderRules(f"{errant.name} is dead")
    threats = [e.sheet.threat for e in errants]
    if any(t is None for t in threats) and any(t is not None for t in threats):
        raise MalformedInput(f"side {label.strip()!r} mixes leads and extras: give each a side")
    threat = max(t for t in threats if t is not None) if threats[0] is not None else None
    return SideSpec(name=label.strip(), members=tuple(e.name for e in errants), threat=threat)


def decide_objective(play: Play, command: c.StateObjective, dice: Dice | None) -> list[Event]:
    """« 1. Chaque camp choisit un objectif. Le meneur de jeu détermine le nombre de manches
    gagnantes nécessaires en fonction de l'objectif le plus grave »."""
    play.core.gm_only(play.actor, "set an objective's gravity")
    conflict = play.conflict(command.conflict)
    side = play.side(conflict, command.side)
    if command.gravity >= RARE and not command.reason:
        raise MalformedInput(
            f"{command.gravity} manches are for an ultimate vengeance, an army or a terrible "
            "monster: say which (--reason)"
        )
    stated = play.event(
        ObjectiveStated, conflict=conflict.name, side=side.name, objective=command.objective,
        gravity=command.gravity, changed=side.objective is not None,
    )  # fmt: skip
    gravity = {k: s.gravity for k, s in conflict.sides.items() if s.gravity is not None}
    gravity[key(side.name)] = command.gravity
    return [stated, *_counts(play, conflict, gravity)]


def _counts(play: Play, conflict: Conflict, gravity: dict[str, int]) -> list[Event]:
    if len(gravity) < len(conflict.sides):
        return []
    counts, why = falls_at(conflict, gravity)
    for k, count in counts.items():
        for other_key, other in conflict.sides.items():
            if other_key != k and other.won >= count and not conflict.sides[k].out:
                raise IllegalUnderRules(
                    f"{other.name} has won {other.won} manches already: a count of {count} "
                    f"for {conflict.sides[k].name} would end the conflict by a change of mind"
                )
    if all(conflict.sides[k].falls_at == n for k, n in counts.items()):
        return []
    return [play.event(
        CountsSet, conflict=conflict.name,
        falls_at=tuple((conflict.sides[k].name, n) for k, n in counts.items()), why=tuple(why),
    )]  # fmt: skip


def decide_initiative(play: Play, command: c.TakeInitiative, dice: Dice | None) -> list[Event]:
    """« 2. Les participants déterminent l'initiative pour la première manche (l'un d'eux
    peut la concéder, à moins que celui qui a initié l'action ou le vainqueur d'un pari
    l'obtienne) »; after it, the manches' winners take it."""
    play.core.gm_only(play.actor, "settle the initiative")
    conflict = play.conflict(command.conflict)
    side = play.side(conflict, command.side)
    if conflict.kind != "duel":
        raise IllegalUnderRules(f"a {conflict.kind.replace('_', '-')} has no initiative: "
                                "everyone tests, the highest wins")  # fmt: skip
    if conflict.initiative is not None:
        raise IllegalUnderRules(
            f"{conflict.initiative} has the initiative already: the manches pass it on"
        )
    return [play.event(InitiativeTaken, conflict=conflict.name, side=side.name, how=command.how)]


def decide_punish(play: Play, command: c.Punish, dice: Dice | None) -> list[Event]:
    """The winner's punishment (« Le vainqueur ne doit pas infliger de châtiment plus grave
    que celui autorisé par le nombre de manches qu'il a remportées … impossible d'infliger
    un châtiment plus doux »), its wounds (« BLESSURES »), death only after a deadly
    conflict lost (« Pour périr, une Tête d'affiche doit tout de même perdre un
    affrontement en trois manches »)."""
    conflict = play.conflict(command.conflict, open_only=False)
    won = conflict.won
    if won is None:
        raise IllegalUnderRules(f"conflict {conflict.name!r} is not won: no punishment yet")
    by, side = play.side(conflict, command.by), play.side(conflict, command.side)
    play.for_side(by)
    due = _due(conflict, won, by, side)
    if (by.name, side.name) in conflict.punished:
        raise IllegalUnderRules(f"{by.name} has punished {side.name} already")
    if not due:
        raise IllegalUnderRules(
            f"{side.name} is due no punishment: {by.name} won no manche (« un châtiment "
            "correspondant au nombre de manches qu'il a remportées »)"
        )
    overshot = side.overshot and not by.takes_down
    lowest = min(due, side.falls_at or due) if overshot else due
    if command.gravity not in range(lowest, due + 1):
        said = GRAVITY_NAMES.get(due, str(due))
        raise IllegalUnderRules(
            f"{side.name} is due a punishment of gravity {due} ({said}): no harsher, no milder"
            + (f" (the count overshot: {lowest} to {due}, the GM's choice)" if overshot else "")
        )
    if command.gravity > lowest:
        play.core.gm_only(play.actor, "aggravate an overshot conflict's punishment")
    if command.magnanimous and command.gravity != 2:
        raise IllegalUnderRules("magnanimity spares a grave (two-manche) conflict's wound only")
    everyone = side.members + side.relieved
    dead = [play.errant(n) for n in command.dead]
    for errant in dead:
        if command.gravity < HIGHEST_USUAL:
            raise IllegalUnderRules(f"{errant.name} can die only of a deadly conflict lost")
        if key(errant.name) not in map(key, everyone):
            raise IllegalUnderRules(f"{errant.name} is not on side {side.name!r}")
    dying = {key(e.name) for e in dead}
    spared = side.threat is not None or all(key(m) in dying for m in everyone)
    choices = (0,) if spared else wounds_for(command.gravity, command.magnanimous)
    wounds = choices[0] if command.wounds is None and len(choices) == 1 else command.wounds
    if wounds not in choices:
        why = " (extras and the dead take none)" if spared else ""
        raise IllegalUnderRules(
            f"a punishment of gravity {command.gravity} deals "
            f"{' or '.join(map(str, choices))} wound(s){why}"
            + (": choose (--wounds)" if wounds is None else "")
        )
    events: list[Event] = [play.event(
        Punished, conflict=conflict.name, by=by.name, side=side.name, gravity=command.gravity,
        punishment=command.punishment, wounds=wounds, magnanimous=command.magnanimous,
        dead=tuple(e.name for e in dead),
    )]  # fmt: skip
    for member in everyone:
        if wounds and key(member) not in dying:
            events += play.wound(member, wounds, "conflict", by=by.name)
    return events


def _due(conflict: Conflict, won: ConflictWon, by: Side, side: Side) -> int:
    if by.takes_down and by.beaten_by is not None and key(by.beaten_by) == key(side.name):
        return by.takes_down
    if side.out and side.beaten_by is not None and key(side.beaten_by) == key(by.name):
        return side.due
    raise IllegalUnderRules(f"{by.name} did not beat {side.name} in {conflict.name!r}")


def decide_wound(play: Play, command: c.Wound, dice: Dice | None) -> list[Event]:
    play.core.gm_only(play.actor, "rule wounds")
    errant = play.errant(command.character)
    if errant.sheet.extras:
        raise IllegalUnderRules(f"{errant.name} are extras, who take no wounds")
    events = play.wound(errant.name, command.count, "gm")
    if not events:
        raise IllegalUnderRules(f"{errant.name}'s four wound boxes are checked: wounds never "
                                "kill by themselves")  # fmt: skip
    return events


def decide_heal(play: Play, command: c.Heal, dice: Dice | None) -> list[Event]:
    """« En plein scénario, il est possible de soigner la dernière blessure qui a été
    infligée, à condition d'intervenir peu après et de disposer de temps »; « lorsque le
    meneur de jeu estime que suffisamment de temps a passé, un personnage récupère
    entièrement de ses blessures »."""
    play.core.gm_only(play.actor, "heal")
    errant = play.errant(command.character)
    if command.how == "care" and errant.cared:
        raise IllegalUnderRules(
            f"{errant.name}'s last wound was healed already: the others heal with time "
            "(--how time) or at a new scenario"
        )
    count = 1 if command.how == "care" else errant.wounds
    events = play.heal(errant.name, count, command.how)
    if not events:
        raise IllegalUnderRules(f"{errant.name} has no wound to heal")
    return events


def decide_recover(play: Play, command: c.Recover, dice: Dice | None) -> list[Event]:
    """« Au début d'un nouveau scénario … un personnage récupère entièrement de ses
    blessures »."""
    play.core.gm_only(play.actor, "start a new scenario")
    who = [play.errant(command.character)] if command.character else play.state.errants.values()
    events: list[Event] = []
    for errant in who:
        if not errant.dead:
            events += play.heal(errant.name, errant.wounds, "scenario")
    if not events:
        raise IllegalUnderRules("no one is wounded")
    return events


def decide_aggravate(play: Play, command: c.Aggravate, dice: Dice | None) -> list[Event]:
    """« AGGRAVER LE CONFLIT »: « le nombre de manches à gagner est alors augmenté en
    conséquences et les succès déjà obtenus par les deux camps sont conservés tels
    quels »; the asker « subit un malus de 3 lors du test suivant »; « inappropriée si
    l'objectif est déjà le plus élevé possible ». The asker's objective grows graver; the
    counts it sets must rise past every side's manches already won (or nothing would be
    left to fight for); a side that surrendered honestly stays beaten (« cet abandon doit
    être honnête et respecté »); extras put out stay out."""
    conflict = play.conflict(command.conflict, open_only=False)
    if conflict.interrupted:
        raise IllegalUnderRules(f"conflict {conflict.name!r} was interrupted")
    side = play.side(conflict, command.side)
    play.for_side(side)
    missing = [s.name for s in conflict.sides.values() if s.gravity is None]
    if missing:
        raise IllegalUnderRules(
            f"state every side's objective first (`kiroku objective`): {', '.join(missing)}"
        )
    won = conflict.won
    if won is not None and won.how != "manches" and side.name != won.winner:
        raise IllegalUnderRules(f"{side.name} gave up ({won.how}): its word stands")
    current = side.gravity or 0
    if command.gravity <= current:
        raise IllegalUnderRules(
            f"aggravating asks for an objective graver than {side.name}'s ({current}), "
            f"not {command.gravity}"
        )
    if command.gravity > HIGHEST_USUAL and not command.reason:
        raise MalformedInput("more than three manches: say why (--reason)")
    gravity = {k: s.gravity or 0 for k, s in conflict.sides.items()}
    gravity[key(side.name)] = command.gravity
    counts, why = falls_at(conflict, gravity)
    raised = [k for k, n in counts.items() if n > (conflict.sides[k].falls_at or 0)]
    if not raised:
        raise IllegalUnderRules(
            f"a graver objective for {side.name} changes no count ("
            + "; ".join(why)
            + "): nothing to aggravate"
        )
    if any((conflict.sides[k].falls_at or 0) >= HIGHEST_USUAL for k in raised):
        raise IllegalUnderRules(f"conflict {conflict.name!r} is already deadly: it cannot grow")
    back = []
    for k, count in counts.items():
        each = conflict.sides[k]
        if each.out and k not in raised:
            continue
        ahead = [o for ok, o in conflict.sides.items() if ok != k and o.won >= count]
        if ahead and (not each.out or each.threat is None):
            raise IllegalUnderRules(
                f"{ahead[0].name} has won {ahead[0].won} manches: a count of {count} for "
                f"{each.name} is reached already; ask for a graver objective"
            )
        if each.out:
            back.append(each.name)
    event = play.event(Aggravated, conflict=conflict.name, side=side.name,
                       gravity=command.gravity, reopened=won is not None,
                       back=tuple(back))  # fmt: skip
    return [event, play.event(
        CountsSet, conflict=conflict.name,
        falls_at=tuple((conflict.sides[k].name, n) for k, n in counts.items()), why=tuple(why),
    )]  # fmt: skip


def _duel_other(play: Play, conflict: Conflict, side: Side) -> Side:
    if conflict.kind != "duel":
        raise IllegalUnderRules(
            "a surrender is offered to one opponent: in a contest or a three-way duel, forfeit"
        )
    return next(s for s in conflict.sides.values() if s is not side)


def decide_offer(play: Play, command: c.OfferSurrender, dice: Dice | None) -> list[Event]:
    conflict = play.conflict(command.conflict)
    side = play.side(conflict, command.side)
    play.for_side(side)
    _duel_other(play, conflict, side)
    if conflict.surrender is not None:
        raise IllegalUnderRules(f"{conflict.surrender} has offered to surrender already")
    if conflict.tests:
        raise IllegalUnderRules(f"manche {conflict.manche} is under way: surrender between manches")
    if conflict.refused_at == conflict.manche:
        raise IllegalUnderRules(
            f"a surrender was refused before manche {conflict.manche}: offer again after it"
        )
    return [play.event(SurrenderOffered, conflict=conflict.name, side=side.name)]


def _answering(
    play: Play, command: c.AcceptSurrender | c.RefuseSurrender
) -> tuple[Conflict, Side, Side]:
    conflict = play.conflict(command.conflict)
    side = play.side(conflict, command.side)
    play.for_side(side)
    if conflict.surrender is None:
        raise IllegalUnderRules(f"no one has offered to surrender in {conflict.name!r}")
    offered = play.side(conflict, conflict.surrender)
    if offered is side:
        raise IllegalUnderRules(f"{side.name} offered the surrender: the other side answers it")
    return conflict, side, offered


def decide_accept(play: Play, command: c.AcceptSurrender, dice: Dice | None) -> list[Event]:
    """« Si le gagnant accepte, il inflige au perdant un châtiment correspondant au nombre
    de manches qu'il a remportées »."""
    conflict, side, offered = _answering(play, command)
    return [
        play.event(SurrenderAnswered, conflict=conflict.name, side=side.name, accepted=True),
        play.event(ConflictWon, conflict=conflict.name, winner=side.name, how="surrender",
                   dues=((offered.name, side.won),)),
    ]  # fmt: skip


def decide_refuse(play: Play, command: c.RefuseSurrender, dice: Dice | None) -> list[Event]:
    """« Si le gagnant refuse la reddition, il se voit infliger un malus de 3 lors de la
    manche suivante (la violence n'est pas la vertu des vainqueurs) »."""
    conflict, side, _ = _answering(play, command)
    return [play.event(SurrenderAnswered, conflict=conflict.name, side=side.name, accepted=False)]


def decide_forfeit(play: Play, command: c.Forfeit, dice: Dice | None) -> list[Event]:
    """« déclarer forfait »: the side gives up unasked; its opponent wins, punishing by the
    manches it won (as a surrender accepted); in a contest the side only leaves it."""
    conflict = play.conflict(command.conflict)
    side = play.side(conflict, command.side)
    play.for_side(side)
    if side.out:
        raise IllegalUnderRules(f"side {side.name!r} is out of {conflict.name!r} already")
    if conflict.tests:
        raise IllegalUnderRules(f"manche {conflict.manche} is under way: forfeit between manches")
    standing = [s for s in conflict.standing() if s is not side]
    if len(standing) > 1:
        return [play.event(SideOut, conflict=conflict.name, side=side.name, by=None)]
    winner = standing[0]
    return [play.event(ConflictWon, conflict=conflict.name, winner=winner.name, how="forfeit",
                       dues=((side.name, winner.won),))]  # fmt: skip


def decide_interrupt(play: Play, command: c.Interrupt, dice: Dice | None) -> list[Event]:
    """« Si les deux camps souhaitent mettre un terme à leur affrontement, … aucune
    conséquence néfaste … Les éventuelles blessures reçues suite à un pari du yakuza sont
    bien sûr conservées »."""
    play.core.gm_only(play.actor, "interrupt a conflict")
    conflict = play.conflict(command.conflict)
    return [play.event(ConflictInterrupted, conflict=conflict.name)]


def decide_join(play: Play, command: c.JoinSide, dice: Dice | None) -> list[Event]:
    """« Se relayer » (one takes over from another) and « Soutenir un ami » (one more on
    the side): « on considère que tous les deux appartiennent à un seul et même camp …
    les manches victorieuses remportées s'additionnent »."""
    play.core.gm_only(play.actor, "bring someone into a conflict")
    conflict = play.conflict(command.conflict)
    side = play.side(conflict, command.side)
    errant = play.errant(command.character)
    if errant.dead:
        raise IllegalUnderRules(f"{errant.name} is dead")
    party = conflict.party_of(errant.name)
    if party is not None and (party is not side or conflict.side_of(errant.name) is not None):
        raise IllegalUnderRules(f"{errant.name} is on side {party.name!r} of {conflict.name!r}")
    if party is None:
        _free(play, errant.name)
    if (errant.sheet.threat is None) != (side.threat is None):
        raise IllegalUnderRules(
            f"side {side.name!r} and {errant.name} are not both leads or extras"
        )
    replacing = None
    if command.replacing is not None:
        if key(command.replacing) not in map(key, side.members):
            raise IllegalUnderRules(f"{command.replacing!r} is not on side {side.name!r}")
        replacing = play.errant(command.replacing).name
    if conflict.tests.get(key(side.name)) is not None and replacing is not None:
        raise IllegalUnderRules(f"side {side.name!r} has tested this manche: relay after it")
    return [play.event(SideJoined, conflict=conflict.name, side=side.name,
                       character=errant.name, replacing=replacing)]  # fmt: skip


def decide_end(play: Play, command: c.EndConflict, dice: Dice | None) -> list[Event]:
    play.core.gm_only(play.actor, "end a conflict")
    conflict = play.conflict(command.conflict, open_only=False)
    if conflict.under_way and not command.reason:
        raise MalformedInput(
            f"conflict {conflict.name!r} is not won: say why it ends (--reason), or interrupt it"
        )
    return [play.event(ConflictEnded, conflict=conflict.name)]
