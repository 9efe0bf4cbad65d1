"""The nightly's description (sim/nightly.toml) expanded into tests: one Test per program or seed of each group of
the chosen set, with its command and the make targets it needs. The only reader of the description."""
import re
import tomllib
import zlib
from dataclasses import dataclass, field

GROUP_KEYS = {"title", "like", "sim", "programs", "seeds", "name", "elf", "golden", "expect", "exit", "plusargs",
              "negative", "expect_bucket"}
VAR = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


class DescriptionError(Exception):
    """A description that cannot be expanded: the message names the file and the key."""


@dataclass
class Test:
    group: str
    name: str
    sim: str
    elf: str
    golden: str
    expect: str
    plusargs: list
    exit: str = ""                # a file holding the exit status the run must end with (none or empty: 0)
    seed: str = ""
    negative: bool = False
    expect_bucket: str = ""
    timeout: float = 600.0
    waitstates: str = "25"

    @property
    def id(self):
        return f"{self.group}/{self.name}"

    def argv(self, test_dir):
        """The simulator's command line; test_dir (absolute) receives the checker's report, ledger and coverage."""
        return [self.sim, f"+elf={self.elf}", f"+tarmac_golden={self.golden}",
                f"+tarmac_report={test_dir}/report.txt", f"+tarmac_ledger={test_dir}/ledger.json",
                f"+tarmac_coverage={test_dir}/coverage.cov", f"+waitstates={self.waitstates}", "+seed=1",
                *self.plusargs]

    def needs(self, build):
        """The make targets the test runs: the simulator and every file it reads that make builds."""
        files = [self.sim, self.elf] + ([] if self.golden.startswith("live:") else [self.golden])
        return [f for f in files if f.startswith(build.rstrip("/") + "/") or f.startswith("golden/")]


@dataclass
class Plan:
    set_name: str
    groups: dict = field(default_factory=dict)   # name -> title, in the set's order
    tests: list = field(default_factory=list)


def expand(text, variables, where):
    """{NAME} replaced by its value, repeatedly (a value may name other variables)."""
    for _ in range(10):
        def sub(m):
            if m.group(1) not in variables:
                raise DescriptionError(f"{where}: unknown variable {{{m.group(1)}}} in '{text}'")
            return str(variables[m.group(1)])
        new = VAR.sub(sub, text)
        if new == text:
            return new
        text = new
    raise DescriptionError(f"{where}: variables refer to each other without end in '{text}'")


def vis_timing_of(test_id):
    """A timing of the reference core's Cortex-M0 visibility port for one test ({vis_timing}: the bits of
    rtl_tb/core/m0_pkg.sv's vis_timing_t as +vis_timing takes them, every value legal), drawn from the test's id so
    that a failure reruns with the same (the value is on the test's command line, in the plan and junit.xml)."""
    return f"{zlib.crc32(test_id.encode()) & 0x3ff:03x}"


def seed_list(text, where):
    """'1..N' (empty when N < 1) or a list of numbers separated by spaces."""
    m = re.fullmatch(r"\s*(\d+)\.\.(\d+)\s*", text)
    if m:
        return [str(s) for s in range(int(m.group(1)), int(m.group(2)) + 1)]
    words = text.split()
    for w in words:
        if not w.isdigit():
            raise DescriptionError(f"{where}: expected '<first>..<last>' or numbers, got '{text}'")
    return words


def _group_fields(groups, name, path, seen=()):
    if name not in groups:
        raise DescriptionError(f"{path}: no group '{name}'")
    g = groups[name]
    unknown = set(g) - GROUP_KEYS
    if unknown:
        raise DescriptionError(f"{path}: group.{name}: unknown key(s) {', '.join(sorted(unknown))}")
    if "like" not in g:
        return dict(g)
    if g["like"] in seen:
        raise DescriptionError(f"{path}: group.{name}: 'like' loops through {g['like']}")
    base = _group_fields(groups, g["like"], path, seen + (name,))
    base.pop("title", None)
    base.update({k: v for k, v in g.items() if k != "like"})
    return base


def load(path, set_name, make_vars, overrides, only=None):
    """The plan of set `set_name`: make_vars (from the Makefile) < the file's [vars] < the set's vars < overrides.
    only: test ids or group names to keep (None: all)."""
    try:
        with open(path, "rb") as f:
            doc = tomllib.load(f)
    except tomllib.TOMLDecodeError as e:
        raise DescriptionError(f"{path}: {e}") from None
    except OSError as e:
        raise DescriptionError(f"{path}: cannot read: {e.strerror}") from None
    sets, groups = doc.get("sets", {}), doc.get("group", {})
    if set_name not in sets:
        raise DescriptionError(f"{path}: no set '{set_name}' (sets: {', '.join(sets)})")
    variables = dict(make_vars)
    variables.update({k: str(v) for k, v in doc.get("vars", {}).items()})
    variables.update({k: str(v) for k, v in sets[set_name].get("vars", {}).items()})
    variables.update(overrides)
    plan = Plan(set_name)
    for gname in sets[set_name].get("groups", []):
        g = _group_fields(groups, gname, path)
        where = f"{path}: group.{gname}"
        for key in ("sim", "elf", "golden", "expect"):
            if key not in g:
                raise DescriptionError(f"{where}: missing '{key}'")
        if ("programs" in g) == ("seeds" in g):
            raise DescriptionError(f"{where}: give 'programs' or 'seeds', one of them")
        plan.groups[gname] = g.get("title", gname)
        if "programs" in g:
            items = [(p, "") for p in expand(g["programs"], variables, where).split()]
        else:
            items = []
            for s in seed_list(expand(g["seeds"], variables, where), where):
                items.append((expand(g.get("name", "seed_{seed}"), dict(variables, seed=s), where), s))
        for name, seed in items:
            v = dict(variables, name=name, seed=seed, n=seed or "0", vis_timing=vis_timing_of(f"{gname}/{name}"))
            v["elf"] = expand(g["elf"], v, where)
            t = Test(group=gname, name=name, sim=expand(g["sim"], v, where), elf=v["elf"],
                     golden=expand(g["golden"], v, where), expect=expand(g["expect"], v, where),
                     exit=expand(g.get("exit", ""), v, where),
                     plusargs=expand(g.get("plusargs", ""), v, where).split(), seed=seed,
                     negative=bool(g.get("negative", False)), expect_bucket=g.get("expect_bucket", ""),
                     timeout=float(expand("{TIMEOUT}", v, where)), waitstates=expand("{WAITSTATES}", v, where))
            if only is None or t.id in only or gname in only:
                plan.tests.append(t)
    ids = [t.id for t in plan.tests]
    if len(ids) != len(set(ids)):
        raise DescriptionError(f"{path}: set {set_name}: two tests with one name")
    if only is not None:
        missing = [o for o in only if o not in plan.groups and o not in ids]
        if missing:
            raise DescriptionError(f"{path}: set {set_name} has no test or group {', '.join(missing)}")
    return plan
