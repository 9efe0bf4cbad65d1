// Test support shared by the suites that write files: a directory of the test's own under build/tmp, emptied
// when it goes, a file's whole content, and a gzip file's.
#pragma once
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

struct TempDir {
    std::filesystem::path path;
    // build/tmp/<name>_<pid>: several test binaries run at once
    explicit TempDir(const std::string &name)
        : path(std::filesystem::path(TM_BUILD_DIR) / "tmp" / (name + "_" + std::to_string(getpid())))
    {
        std::filesystem::remove_all(path);
        std::filesystem::create_directories(path);
    }
    ~TempDir() { std::filesystem::remove_all(path); }
    std::string operator/(const std::string &name) const { return (path / name).string(); }
    // the names in the directory, sorted: a temporary file left behind shows here
    std::vector<std::string> names() const
    {
        std::vector<std::string> n;
        for (const auto &e : std::filesystem::directory_iterator(path)) n.push_back(e.path().filename().string());
        std::sort(n.begin(), n.end());
        return n;
    }
};

inline std::string slurp(const std::string &path)
{
    std::ifstream f(path, std::ios::binary);
    std::stringstream s;
    s << f.rdbuf();
    return s.str();
}

// The text of a gzip file, or "(cannot open)" / "(not a whole gzip stream)": a part of one is never taken for it.
inline std::string gunzip(const std::string &path)
{
    gzFile g = gzopen(path.c_str(), "rb");
    if (!g) return "(cannot open)";
    std::string text;
    char buf[65536];
    int n;
    while ((n = gzread(g, buf, sizeof buf)) > 0) text.append(buf, (size_t)n);
    int err = 0;
    gzerror(g, &err);
    gzclose(g);
    return n < 0 || err ? "(not a whole gzip stream)" : text;
}
