/* Integer matrix multiply (uses MULS), checked against the identity and a known checksum. */
#include "semihost.h"

#define N 12
static int32_t A[N][N], B[N][N], C[N][N], I[N][N];

static void mul(int32_t (*x)[N], int32_t (*y)[N], int32_t (*z)[N])
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            int32_t s = 0;
            for (int k = 0; k < N; k++) s += x[i][k] * y[k][j];
            z[i][j] = s;
        }
}

int main(void)
{
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            A[i][j] = (i * 7 + j * 3) % 11 - 5;
            B[i][j] = (i * 5 + j * 13) % 17 - 8;
            I[i][j] = i == j;
        }
    mul(A, I, C);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) CHECK_EQ(C[i][j], A[i][j]);
    mul(A, B, C);
    int32_t trace = 0, sum = 0;
    for (int i = 0; i < N; i++) {
        trace += C[i][i];
        for (int j = 0; j < N; j++) sum += C[i][j];
    }
    /* the sum of A*B equals (column sums of A) . (row sums of B) */
    int32_t want = 0;
    for (int k = 0; k < N; k++) {
        int32_t ca = 0, rb = 0;
        for (int i = 0; i < N; i++) ca += A[i][k];
        for (int j = 0; j < N; j++) rb += B[k][j];
        want += ca * rb;
    }
    CHECK_EQ(sum, want);
    sh_printf("matmul trace %d sum %d\n", trace, sum);
    return sh_failures;
}
