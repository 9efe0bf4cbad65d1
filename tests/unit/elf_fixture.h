// Test support shared by the suites that load programs: a copy of an ELF with its first loadable segment moved,
// for the loaders' "outside the memory map" error (the model's m6_load_elf, the checker's live mode); the program
// identity of an ELF.
#pragma once
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

extern "C" {
#include "tarmac/elf.h"
}

// The program identity a golden records (tm_elf_image_hash) of the ELF at path; 0 when it cannot be read.
inline uint64_t elf_image_hash(const std::string &path)
{
    tm_error e;
    tm_elf *f = tm_elf_open(path.c_str(), &e);
    uint64_t h = 0;
    if (f && tm_elf_image_hash(f, &h) != TM_OK) h = 0;
    tm_elf_close(f);
    return h;
}

// Writes <TM_BUILD_DIR>/tmp/<name>: <from> with the virtual and physical address of its first PT_LOAD segment
// that has bytes set to <addr>. Returns the path, or "" when <from> cannot be read or has no such segment.
inline std::string elf_with_segment_at(const std::string &from, const char *name, uint32_t addr)
{
    std::FILE *f = std::fopen(from.c_str(), "rb");
    if (!f) return "";
    std::string bytes;
    char buf[4096];
    for (size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) bytes.append(buf, n);
    std::fclose(f);
    if (bytes.size() < 52) return "";
    auto u32 = [&](size_t at) { uint32_t v; std::memcpy(&v, &bytes[at], 4); return v; };
    uint32_t phoff = u32(28);
    uint16_t phnum;
    std::memcpy(&phnum, &bytes[44], 2);
    bool moved = false;
    for (unsigned i = 0; i < phnum && !moved; i++) {
        size_t ph = phoff + 32 * i;
        if (ph + 32 > bytes.size() || u32(ph) != 1 /* PT_LOAD */ || u32(ph + 20) == 0) continue;
        std::memcpy(&bytes[ph + 8], &addr, 4);   // p_vaddr
        std::memcpy(&bytes[ph + 12], &addr, 4);  // p_paddr
        moved = true;
    }
    if (!moved) return "";
    std::string dir = std::string(TM_BUILD_DIR) + "/tmp";
    (void)!std::system(("mkdir -p " + dir).c_str());
    std::string path = dir + "/" + name;
    f = std::fopen(path.c_str(), "wb");
    if (!f) return "";
    std::fwrite(bytes.data(), 1, bytes.size(), f);
    std::fclose(f);
    return path;
}
