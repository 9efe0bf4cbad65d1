/* CRC-32 (IEEE, reflected) of a known string and of a generated buffer, bitwise and table-driven. */
#include "semihost.h"

static uint32_t table[256];

static uint32_t crc32_bitwise(const uint8_t *p, uint32_t n)
{
    uint32_t c = 0xffffffff;
    while (n--) {
        c ^= *p++;
        for (int k = 0; k < 8; k++) c = (c >> 1) ^ (0xedb88320u & -(c & 1));
    }
    return ~c;
}

static uint32_t crc32_table(const uint8_t *p, uint32_t n)
{
    uint32_t c = 0xffffffff;
    while (n--) c = table[(c ^ *p++) & 0xff] ^ (c >> 8);
    return ~c;
}

int main(void)
{
    for (uint32_t i = 0; i < 256; i++) {
        uint32_t c = i;
        for (int k = 0; k < 8; k++) c = (c >> 1) ^ (0xedb88320u & -(c & 1));
        table[i] = c;
    }
    static const char s[] = "123456789";
    CHECK_EQ(crc32_bitwise((const uint8_t *)s, 9), 0xcbf43926);
    CHECK_EQ(crc32_table((const uint8_t *)s, 9), 0xcbf43926);
    static uint8_t buf[1024];
    for (int i = 0; i < 1024; i++) buf[i] = (uint8_t)(i * 31 + 7);
    uint32_t a = crc32_bitwise(buf, sizeof buf), b = crc32_table(buf, sizeof buf);
    CHECK_EQ(a, b);
    sh_printf("crc32 %x\n", a);
    return sh_failures;
}
