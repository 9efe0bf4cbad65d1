// Helpers for the tarmac-diff suites: trace files under build/tmp (plain or gzip), the tool run as a user runs it.
#pragma once
#include <unistd.h>
#include <zlib.h>

#include <cstdlib>
#include <fstream>
#include <string>

#include "../run_command.h"

inline const std::string &diff_tool()
{
    static const std::string tool = std::string(TM_BUILD_DIR) + "/bin/tarmac-diff";
    return tool;
}

inline std::string tmp(const std::string &name)
{
    std::string dir = std::string(TM_BUILD_DIR) + "/tmp";
    (void)!system(("mkdir -p " + dir).c_str());
    return dir + "/diff_" + std::to_string(getpid()) + "_" + name;
}

inline std::string put(const std::string &name, const std::string &text)
{
    std::string p = tmp(name);
    std::ofstream(p, std::ios::binary) << text;
    return p;
}

inline std::string put_gz(const std::string &name, const std::string &text)
{
    std::string p = tmp(name);
    gzFile f = gzopen(p.c_str(), "wb");
    gzwrite(f, text.data(), (unsigned)text.size());
    gzclose(f);
    return p;
}

using ToolRun = CommandOutput;
inline ToolRun run(const std::string &args) { return run_command(diff_tool() + " " + args); }
