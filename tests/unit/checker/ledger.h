// Test support: the checker's ledger (option ledger=) read back with Python's json module, so that a ledger that
// is not valid JSON fails the test; every value flattened to "a.b.c" -> its JSON text.
#pragma once

#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "../run_command.h"

struct Ledger {
    bool ok = false;    // the file exists and is one valid JSON object
    std::string error;  // why not
    std::map<std::string, std::string> v;
    std::string operator[](const std::string &k) const
    {
        auto it = v.find(k);
        return it == v.end() ? "<missing " + k + ">" : it->second;
    }
};

inline Ledger read_ledger(const std::string &path)
{
    static const char kScript[] =
        "import json, sys\n"
        "d = json.load(open(sys.argv[1], encoding='utf-8'))\n"
        "assert isinstance(d, dict), 'not an object'\n"
        "def walk(p, v):\n"
        "    if isinstance(v, dict) and v:\n"
        "        for k, x in v.items(): walk(p + [k], x)\n"
        "    else:\n"
        "        print('.'.join(p) + '=' + json.dumps(v, ensure_ascii=False))\n"
        "walk([], d)\n";
    std::string script = std::string(TM_BUILD_DIR) + "/tmp/ledger_flatten.py";
    std::ofstream(script) << kScript;
    CommandOutput o = run_command("python3 " + script + " '" + path + "'");
    Ledger l;
    if (o.status != 0) {
        l.error = o.text;
        return l;
    }
    std::istringstream in(o.text);
    std::string line;
    while (std::getline(in, line)) {
        size_t eq = line.find('=');
        if (eq != std::string::npos) l.v[line.substr(0, eq)] = line.substr(eq + 1);
    }
    l.ok = true;
    return l;
}

// The verdict and the first failure's stream and field, as JSON texts: "\"FAIL\" \"register\" \"r0\"".
inline std::string verdict_of(const Ledger &l)
{
    return l["verdict"] + " " + l["first_mismatch.stream"] + " " + l["first_mismatch.field"];
}

// Each key of the ledger has the JSON text given.
inline void expect_keys(const Ledger &l, const std::map<std::string, std::string> &want)
{
    for (const auto &k : want) EXPECT_EQ(l[k.first], k.second) << k.first;
}
