/* Sorting: insertion sort and an iterative quicksort of pseudo-random data, checked for order and sum. */
#include "semihost.h"

#define N 300
static int32_t a[N], b[N];

static void insertion(int32_t *v, int n)
{
    for (int i = 1; i < n; i++) {
        int32_t x = v[i];
        int j = i - 1;
        while (j >= 0 && v[j] > x) {
            v[j + 1] = v[j];
            j--;
        }
        v[j + 1] = x;
    }
}

static void quick(int32_t *v, int n)
{
    int stack[64], sp = 0;
    stack[sp++] = 0;
    stack[sp++] = n - 1;
    while (sp) {
        int hi = stack[--sp], lo = stack[--sp];
        if (lo >= hi) continue;
        int32_t pivot = v[(lo + hi) / 2];
        int i = lo, j = hi;
        while (i <= j) {
            while (v[i] < pivot) i++;
            while (v[j] > pivot) j--;
            if (i <= j) {
                int32_t t = v[i];
                v[i++] = v[j];
                v[j--] = t;
            }
        }
        stack[sp++] = lo;
        stack[sp++] = j;
        stack[sp++] = i;
        stack[sp++] = hi;
    }
}

int main(void)
{
    uint32_t x = 12345;
    int64_t sum = 0;
    for (int i = 0; i < N; i++) {
        x = x * 1103515245u + 12345u;
        a[i] = b[i] = (int32_t)(x >> 8) - (1 << 22);
        sum += a[i];
    }
    insertion(a, N);
    quick(b, N);
    int64_t s2 = 0;
    for (int i = 0; i < N; i++) {
        if (i) CHECK_EQ(a[i - 1] <= a[i], 1);
        CHECK_EQ(a[i], b[i]);
        s2 += a[i];
    }
    CHECK_EQ(s2 == sum, 1);
    sh_printf("sorted %d, min %d max %d\n", N, a[0], a[N - 1]);
    return sh_failures;
}
