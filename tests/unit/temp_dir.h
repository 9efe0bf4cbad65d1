// Test support shared by the suites that write files: a directory of the test's own under build/tmp, emptied
// when it goes, and a file's whole content.
#pragma once
#include <unistd.h>

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
