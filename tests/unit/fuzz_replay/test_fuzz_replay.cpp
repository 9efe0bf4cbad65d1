// Replays the committed fuzz corpus (tests/fuzz/corpus/) through the fuzz target: the parser, the writer
// and the reader must neither crash nor break their invariants on any input libFuzzer found interesting.
#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

TEST(FuzzCorpus, ReplaysCleanly)
{
    namespace fs = std::filesystem;
    fs::path dir = fs::path(TM_SOURCE_DIR) / "tests/fuzz/corpus";
    size_t n = 0;
    for (const auto &e : fs::directory_iterator(dir)) {
        if (!e.is_regular_file()) continue;
        std::ifstream f(e.path(), std::ios::binary);
        std::string bytes((std::istreambuf_iterator<char>(f)), {});
        LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(bytes.data()), bytes.size());
        n++;
    }
    EXPECT_GE(n, 10u) << "the seed corpus is missing";
}
