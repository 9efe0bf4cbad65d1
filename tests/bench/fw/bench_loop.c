/* Benchmark workload for the model: CRC-32 and insertion sort rounds until the instruction budget given at
 * build time (ROUNDS) is spent; exits 0. */
#include "semihost.h"

#ifndef ROUNDS
#define ROUNDS 100
#endif

static uint8_t buf[2048];
static int32_t v[64];

int main(void)
{
    uint32_t crc = 0xffffffff, x = 1;
    for (int r = 0; r < ROUNDS; r++) {
        for (unsigned i = 0; i < sizeof buf; i++) {
            crc ^= buf[i] = (uint8_t)(i + r);
            for (int k = 0; k < 8; k++) crc = (crc >> 1) ^ (0xedb88320u & -(crc & 1));
        }
        for (int i = 0; i < 64; i++) v[i] = (int32_t)(x = x * 1103515245u + 12345u);
        for (int i = 1; i < 64; i++) {
            int32_t t = v[i];
            int j = i - 1;
            while (j >= 0 && v[j] > t) { v[j + 1] = v[j]; j--; }
            v[j + 1] = t;
        }
    }
    sh_printf("bench crc %x\n", crc);
    return 0;
}
