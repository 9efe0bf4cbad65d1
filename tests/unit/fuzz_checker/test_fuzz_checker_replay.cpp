// Replays the committed corpus of the checker's fuzz target (tests/fuzz/checker_corpus/) through the target: the
// call sequences libFuzzer found interesting must neither crash nor break the target's invariants (a broken one
// aborts the test).
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

TEST(FuzzCheckerCorpus, ReplaysCleanly)
{
    namespace fs = std::filesystem;
    fs::path dir = fs::path(TM_SOURCE_DIR) / "tests/fuzz/checker_corpus";
    size_t n = 0;
    for (const auto &e : fs::directory_iterator(dir)) {
        if (!e.is_regular_file()) continue;
        std::ifstream f(e.path(), std::ios::binary);
        std::string bytes((std::istreambuf_iterator<char>(f)), {});
        EXPECT_EQ(LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(bytes.data()), bytes.size()), 0) << e.path();
        n++;
    }
    EXPECT_GE(n, 10u) << "the seed corpus is missing";
}
