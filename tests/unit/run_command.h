// Test support shared by the suites that run the project's binaries: a shell command's exit status and its
// stdout and stderr together.
#pragma once
#include <sys/wait.h>

#include <array>
#include <cstdio>
#include <string>

struct CommandOutput {
    int status;
    std::string text;
};

inline CommandOutput run_command(const std::string &cmd)
{
    CommandOutput o{ -1, "" };
    FILE *p = popen((cmd + " 2>&1").c_str(), "r");
    if (!p) return o;
    std::array<char, 4096> buf;
    size_t n;
    while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) o.text.append(buf.data(), n);
    int st = pclose(p);
    o.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    return o;
}
