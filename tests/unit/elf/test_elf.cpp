// The trace library's ELF reader (dpi/include/tarmac/elf.h) on the real firmware ELFs, against the Arm GNU
// binutils' view of the same files (readelf, objcopy), and the testbench loader's DPI functions
// (dpi/armv6m_tb_dpi.c) through their C entry points.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "../run_command.h"

extern "C" {
#include "tarmac/elf.h"
// dpi/armv6m_tb_dpi.c, as dpi/armv6m_tb_pkg.sv imports them
void *armv6m_tb_elf_open(const char *path);
const char *armv6m_tb_elf_error(void);
int armv6m_tb_elf_next_word(void *h, unsigned *addr, unsigned *data);
unsigned armv6m_tb_elf_entry(void *h);
void armv6m_tb_elf_close(void *h);
}

namespace {

const char *kPrograms[] = { "hello", "sort", "svc", "strings", "sha256" };

std::string elf_of(const std::string &p) { return std::string(TM_BUILD_DIR) + "/programs/" + p + ".elf"; }

std::string tmp_path(const std::string &name)
{
    std::string d = std::string(TM_BUILD_DIR) + "/tmp";
    (void)!system(("mkdir -p " + d).c_str());
    return d + "/elf_" + std::to_string(getpid()) + "_" + name;
}

std::string read_all(const std::string &path)
{
    std::ifstream in(path, std::ios::binary);
    return std::string((std::istreambuf_iterator<char>(in)), {});
}

void write_all(const std::string &path, const std::string &bytes) { std::ofstream(path, std::ios::binary) << bytes; }

std::vector<std::string> lines_of(const std::string &cmd)
{
    CommandOutput o = run_command(cmd);
    EXPECT_EQ(o.status, 0) << cmd << "\n" << o.text;
    std::vector<std::string> v;
    std::istringstream in(o.text);
    for (std::string l; std::getline(in, l);) v.push_back(l);
    return v;
}

struct ElfCloser {
    void operator()(tm_elf *e) const { tm_elf_close(e); }
};
using Elf = std::unique_ptr<tm_elf, ElfCloser>;

Elf open_ok(const std::string &path)
{
    tm_error err;
    tm_elf *e = tm_elf_open(path.c_str(), &err);
    char msg[600];
    EXPECT_NE(e, nullptr) << tm_error_format(&err, msg, sizeof msg);
    return Elf(e);
}

// open must fail with status and a message that contains want; the formatted error starts with the path
void expect_error(const std::string &path, int status, const std::string &want)
{
    tm_error err;
    tm_elf *e = tm_elf_open(path.c_str(), &err);
    char msg[600];
    tm_error_format(&err, msg, sizeof msg);
    EXPECT_EQ(e, nullptr);
    tm_elf_close(e);
    EXPECT_EQ(err.status, status) << msg;
    EXPECT_EQ(std::string(msg).rfind(path + ": ", 0), 0u) << msg;
    EXPECT_NE(std::string(msg).find(want), std::string::npos) << msg;
}

}  // namespace

// Every PT_LOAD segment as readelf -l lists it: offset, addresses, sizes, flags, and the file's bytes.
TEST(ElfReader, SegmentsAreReadelfs)
{
    for (const char *p : kPrograms) {
        SCOPED_TRACE(p);
        Elf e = open_ok(elf_of(p));
        ASSERT_TRUE(e);
        std::string file = read_all(elf_of(p));
        std::vector<std::tuple<unsigned, unsigned, unsigned, unsigned, unsigned, unsigned>> want;
        for (const std::string &l : lines_of("arm-none-eabi-readelf -lW " + elf_of(p))) {
            std::istringstream in(l);
            std::string type, off, va, pa, fs, ms, flags;
            in >> type >> off >> va >> pa >> fs >> ms;
            if (type != "LOAD" || std::stoul(ms, nullptr, 16) == 0) continue;
            std::getline(in, flags);
            unsigned f = (flags.find('R') != std::string::npos ? 4 : 0) | (flags.find('W') != std::string::npos ? 2 : 0) |
                         (flags.find('E') != std::string::npos ? 1 : 0);
            want.emplace_back(std::stoul(off, nullptr, 16), std::stoul(va, nullptr, 16), std::stoul(pa, nullptr, 16),
                              std::stoul(fs, nullptr, 16), std::stoul(ms, nullptr, 16), f);
        }
        ASSERT_GE(want.size(), 1u);
        ASSERT_EQ(tm_elf_segment_count(e.get()), want.size());
        for (unsigned i = 0; i < want.size(); i++) {
            const tm_elf_segment *s = tm_elf_segment_at(e.get(), i);
            auto [off, va, pa, fs, ms, f] = want[i];
            EXPECT_EQ(s->vaddr, va);
            EXPECT_EQ(s->addr, pa);
            EXPECT_EQ(s->filesz, fs);
            EXPECT_EQ(s->memsz, ms);
            EXPECT_EQ(s->flags & 7, f);
            EXPECT_EQ(std::memcmp(s->data, file.data() + off, fs), 0);
        }
        EXPECT_EQ(tm_elf_segment_at(e.get(), (unsigned)want.size()), nullptr);
    }
}

// The function and object symbols readelf -s lists as defined, with address (Thumb bit clear), size and kind.
TEST(ElfReader, SymbolsAreReadelfs)
{
    for (const char *p : kPrograms) {
        SCOPED_TRACE(p);
        Elf e = open_ok(elf_of(p));
        ASSERT_TRUE(e);
        std::multiset<std::tuple<std::string, uint32_t, uint32_t, int>> want, got;
        for (const std::string &l : lines_of("arm-none-eabi-readelf -sW " + elf_of(p))) {
            std::istringstream in(l);
            std::string num, value, size, type, bind, vis, ndx, name;
            if (!(in >> num >> value >> size >> type >> bind >> vis >> ndx >> name) || num.back() != ':') continue;
            if ((type != "FUNC" && type != "OBJECT") || ndx == "UND") continue;
            uint32_t v = (uint32_t)std::stoul(value, nullptr, 16);
            want.emplace(name, type == "FUNC" ? v & ~1u : v, (uint32_t)std::stoul(size, nullptr, 0),
                         type == "FUNC" ? TM_ELF_FUNC : TM_ELF_OBJECT);
        }
        uint32_t last = 0;
        for (size_t i = 0; i < tm_elf_symbol_count(e.get()); i++) {
            const tm_elf_symbol *s = tm_elf_symbol_at(e.get(), i);
            got.emplace(s->name, s->addr, s->size, s->kind);
            EXPECT_GE(s->addr, last) << "not in address order at " << s->name;
            last = s->addr;
        }
        EXPECT_GT(want.size(), 3u);
        EXPECT_EQ(got, want);
        const tm_elf_symbol *main = tm_elf_symbol_named(e.get(), "main");
        ASSERT_NE(main, nullptr);
        EXPECT_EQ(main->kind, TM_ELF_FUNC);
        EXPECT_EQ(tm_elf_symbol_named(e.get(), "no_such_symbol"), nullptr);
    }
}

// An address names the function or object holding it as <name>+0x<offset>; outside every symbol, nothing.
TEST(ElfReader, SymbolizeNamesTheHolder)
{
    Elf e = open_ok(elf_of("sort"));
    ASSERT_TRUE(e);
    const tm_elf_symbol *main = tm_elf_symbol_named(e.get(), "main");
    ASSERT_NE(main, nullptr);
    ASSERT_GT(main->size, 0x1cu);
    char buf[96];
    EXPECT_EQ(tm_elf_symbolize(e.get(), main->addr + 0x1c, buf, sizeof buf), (int)std::strlen("main+0x1c"));
    EXPECT_STREQ(buf, "main+0x1c");
    tm_elf_symbolize(e.get(), main->addr, buf, sizeof buf);
    EXPECT_STREQ(buf, "main+0x0");
    EXPECT_EQ(tm_elf_symbol_holding(e.get(), main->addr + main->size - 1), main);
    const tm_elf_symbol *after = tm_elf_symbol_holding(e.get(), main->addr + main->size);
    EXPECT_NE(after, main);
    // an object: sh_failures lives in the SRAM
    const tm_elf_symbol *obj = tm_elf_symbol_named(e.get(), "sh_failures");
    ASSERT_NE(obj, nullptr);
    EXPECT_EQ(obj->kind, TM_ELF_OBJECT);
    tm_elf_symbolize(e.get(), obj->addr + 2, buf, sizeof buf);
    EXPECT_STREQ(buf, "sh_failures+0x2");
    EXPECT_EQ(tm_elf_symbolize(e.get(), 0xfffffff9u, buf, sizeof buf), 0);  // an EXC_RETURN value
    EXPECT_STREQ(buf, "");
    // the nearest function at or below: main inside main; none for an address outside the image
    EXPECT_EQ(tm_elf_symbol_nearest(e.get(), main->addr + 0x1c), main);
    EXPECT_EQ(tm_elf_symbol_nearest(e.get(), 0xfffffff9u), nullptr);
    EXPECT_EQ(tm_elf_symbolize(e.get(), main->addr + 0x1c, buf, 5), 4);     // truncated, terminated
    EXPECT_STREQ(buf, "main");
}

// The words are objcopy -O binary's image (by load address, gaps zero), each aligned address once, in order.
TEST(ElfReader, WordsAreTheLoadImage)
{
    for (const char *p : kPrograms) {
        SCOPED_TRACE(p);
        Elf e = open_ok(elf_of(p));
        ASSERT_TRUE(e);
        std::string bin = tmp_path(std::string(p) + ".bin");
        ASSERT_EQ(run_command("arm-none-eabi-objcopy -O binary " + elf_of(p) + " " + bin).status, 0);
        std::string image = read_all(bin);
        unlink(bin.c_str());
        size_t n = 0;
        const tm_elf_word *w = tm_elf_words(e.get(), &n);
        ASSERT_NE(w, nullptr);
        size_t want_words = 0;  // the segments' words (the firmware's all lie in the code memory from 0)
        for (unsigned i = 0; i < tm_elf_segment_count(e.get()); i++) {
            const tm_elf_segment *s = tm_elf_segment_at(e.get(), i);
            want_words += (s->addr + s->memsz + 3) / 4 - s->addr / 4;
        }
        EXPECT_EQ(n, want_words);
        for (size_t i = 0; i < n; i++) {
            if (i) {
                ASSERT_GT(w[i].addr, w[i - 1].addr);
            }
            ASSERT_EQ(w[i].addr % 4, 0u);
            uint32_t want = 0;
            for (unsigned b = 0; b < 4; b++)
                if (w[i].addr + b < image.size()) want |= (uint32_t)(uint8_t)image[w[i].addr + b] << 8 * b;
            ASSERT_EQ(w[i].data, want) << "word at " << std::hex << w[i].addr;
        }
        size_t again = 0;
        EXPECT_EQ(tm_elf_words(e.get(), &again), w);  // built once
        EXPECT_EQ(again, n);
    }
}

TEST(ElfReader, ErrorsNameTheFileAndTheProblem)
{
    std::string good = read_all(elf_of("hello"));
    ASSERT_GT(good.size(), 1000u);
    expect_error("/nonexistent/x.elf", TM_ERR_IO, "cannot open");
    expect_error(std::string(TM_SOURCE_DIR) + "/README.md", TM_ERR_FORMAT, "not an ELF file");

    std::string p = tmp_path("short.elf");
    write_all(p, good.substr(0, 40));
    expect_error(p, TM_ERR_FORMAT, "truncated: 40 bytes, shorter than an ELF header");
    write_all(p, good.substr(0, 60));
    expect_error(p, TM_ERR_FORMAT, "truncated: the program headers");
    write_all(p, good.substr(0, 200));  // the headers fit, the first segment's bytes do not
    expect_error(p, TM_ERR_FORMAT, "truncated: segment 0");
    std::string no_syms = good.substr(0, good.size() - 8);  // the section headers are last
    write_all(p, no_syms);
    expect_error(p, TM_ERR_FORMAT, "truncated: the section headers");

    std::string x86 = good;
    x86[18] = 62;  // e_machine EM_X86_64
    x86[19] = 0;
    write_all(p, x86);
    expect_error(p, TM_ERR_FORMAT, "not an ARM ELF (machine 62)");
    std::string elf64 = good;
    elf64[4] = 2;  // ELFCLASS64
    write_all(p, elf64);
    expect_error(p, TM_ERR_FORMAT, "not a 32-bit little-endian ELF");
    std::string big = good;
    big[5] = 2;  // ELFDATA2MSB
    write_all(p, big);
    expect_error(p, TM_ERR_FORMAT, "not a 32-bit little-endian ELF");
    unlink(p.c_str());
}

// The testbench loader's DPI functions hand out tm_elf_words' words, then stay at the end; the entry is readelf's.
TEST(ElfReader, TheTestbenchLoaderGivesTheWordsInOrder)
{
    for (const char *p : kPrograms) {
        SCOPED_TRACE(p);
        Elf e = open_ok(elf_of(p));
        ASSERT_TRUE(e);
        size_t n = 0;
        const tm_elf_word *w = tm_elf_words(e.get(), &n);
        void *h = armv6m_tb_elf_open(elf_of(p).c_str());
        ASSERT_NE(h, nullptr) << armv6m_tb_elf_error();
        unsigned addr = 0, data = 0;
        size_t k = 0;
        while (armv6m_tb_elf_next_word(h, &addr, &data)) {
            ASSERT_LT(k, n);
            EXPECT_EQ(addr, w[k].addr);
            EXPECT_EQ(data, w[k].data);
            k++;
        }
        EXPECT_EQ(k, n);
        EXPECT_EQ(armv6m_tb_elf_next_word(h, &addr, &data), 0);  // stays at the end
        std::string entry;
        for (const std::string &l : lines_of("arm-none-eabi-readelf -hW " + elf_of(p)))
            if (l.find("Entry point address:") != std::string::npos) entry = l.substr(l.find("0x"));
        EXPECT_EQ(armv6m_tb_elf_entry(h), std::stoul(entry, nullptr, 16));
        EXPECT_EQ(armv6m_tb_elf_entry(h) & 1, 1u);  // Thumb
        armv6m_tb_elf_close(h);
    }
}

TEST(ElfReader, TheTestbenchLoaderSaysWhyOpenFailed)
{
    std::string readme = std::string(TM_SOURCE_DIR) + "/README.md";
    EXPECT_EQ(armv6m_tb_elf_open(readme.c_str()), nullptr);
    EXPECT_EQ(std::string(armv6m_tb_elf_error()), readme + ": not an ELF file");
    EXPECT_EQ(armv6m_tb_elf_open("/nonexistent/x.elf"), nullptr);
    EXPECT_NE(std::string(armv6m_tb_elf_error()).find("/nonexistent/x.elf: cannot open"), std::string::npos);
    unsigned a = 0, d = 0;
    EXPECT_EQ(armv6m_tb_elf_next_word(nullptr, &a, &d), 0);
    armv6m_tb_elf_close(nullptr);
}
