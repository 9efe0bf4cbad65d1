/* String routines on bytes at every alignment: length, copy, compare, reverse, search. */
#include "semihost.h"

static uint32_t slen(const char *s) { uint32_t n = 0; while (s[n]) n++; return n; }
static void scopy(char *d, const char *s) { while ((*d++ = *s++)) {} }
static int scmp(const char *a, const char *b)
{
    while (*a && *a == *b) a++, b++;
    return (unsigned char)*a - (unsigned char)*b;
}
static void srev(char *s)
{
    for (uint32_t i = 0, j = slen(s); i + 1 < j; i++, j--) {
        char t = s[i];
        s[i] = s[j - 1];
        s[j - 1] = t;
    }
}
static int sfind(const char *h, const char *n)
{
    for (int i = 0; h[i]; i++) {
        int k = 0;
        while (n[k] && h[i + k] == n[k]) k++;
        if (!n[k]) return i;
    }
    return -1;
}

int main(void)
{
    static char buf[64];
    static const char msg[] = "lockstep checking of an armv6-m core";
    for (int off = 0; off < 4; off++) {
        scopy(buf + off, msg);
        CHECK_EQ(slen(buf + off), sizeof msg - 1);
        CHECK_EQ(scmp(buf + off, msg), 0);
    }
    scopy(buf, msg);
    srev(buf);
    CHECK_EQ(buf[0], 'e');
    srev(buf);
    CHECK_EQ(scmp(buf, msg), 0);
    CHECK_EQ(sfind(msg, "armv6"), 24);
    CHECK_EQ(sfind(msg, "x86"), (uint32_t)-1);
    CHECK_EQ(scmp("abc", "abd") < 0, 1);
    sh_printf("strings: %s\n", buf);
    return sh_failures;
}
