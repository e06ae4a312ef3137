/* Offline search for a whist base round over Z_m that a multiplier u maps onto itself.
 *
 * Companion of scripts/whist_search.c (read that first): same base-round conditions, same
 * annealing, but the base round is asked to be invariant under x -> u*x (mod m), u of order 3.
 * That cuts the search to a third: only a "short base" of tables is searched, and the base round
 * is the short base developed by the multiplier, T, uT, u^2 T for each short table T.
 *
 *   gcc -O2 -o /tmp/whist_search_multiplier scripts/whist_search_multiplier.c -lm
 *   /tmp/whist_search_multiplier N SECONDS SEED MOVES T0 T1 U
 *
 * n = 0 mod 4 only: m = n - 1 and u must fix exactly three elements, 0, f and 2f (= -f); the
 * table (infinity, f, 0, -f) is then fixed by u, and it alone covers the class {f, -f} (partners
 * f - (-f) = 2f ~ -f, opponents 0 - f and 0 - (-f)). Every other element lies in an orbit {x, ux,
 * u^2 x}; the short base holds one element of each orbit, and a pair (x, y) of a short table
 * stands for the three pairs (x, y), (ux, uy), (u^2 x, u^2 y), whose differences are the three
 * classes of one orbit of classes under {+-1, +-u, +-u^2}. So counting the short pairs per orbit
 * of classes, partners must reach 1 and opponents 2 in every orbit, and a short pair whose
 * difference is in the fixed class costs extra (it would count three times there).
 * Found: n = 64 with U = 4 (m = 63, fixed 0, 21, 42). Moves: swap two seats, or replace a seat's
 * element x by ux or u^2 x (another element of its orbit). Prints "FOUND n=.. group m base .."
 * with the whole developed base round (the fixed table first), or "NOTFOUND".
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXM 128

#include "whist_random.h"

static int m, u, seat_count, short_tables, orbit_classes;
static int class_orbit[MAXM]; /* orbit of the difference class, -1 for the fixed class */
static int seats[MAXM], partner_count[MAXM], opponent_count[MAXM], fixed_hits;

static int count(int *counts, int want, int x, int y, int sign) {
    int k = class_orbit[((x - y) % m + m) % m];
    if (k < 0) {
        fixed_hits += sign;
        return 10 * sign;
    }
    int old = counts[k];
    counts[k] = old + sign;
    return abs(old + sign - want) - abs(old - want);
}

static int apply(int t, int sign) {
    int a = seats[4 * t], b = seats[4 * t + 1], c = seats[4 * t + 2], d = seats[4 * t + 3];
    return count(partner_count, 1, a, c, sign) + count(partner_count, 1, b, d, sign) +
           count(opponent_count, 2, a, b, sign) + count(opponent_count, 2, a, d, sign) +
           count(opponent_count, 2, c, b, sign) + count(opponent_count, 2, c, d, sign);
}

int main(int argc, char **argv) {
    if (argc != 8) {
        fprintf(stderr, "usage: %s N SECONDS SEED MOVES T0 T1 U\n", argv[0]);
        return 2;
    }
    int n = atoi(argv[1]);
    double seconds = atof(argv[2]);
    state ^= (unsigned long long)atoll(argv[3]) * 2654435761ULL + 1;
    const long long moves = atoll(argv[4]);
    const double t0 = atof(argv[5]), t1 = atof(argv[6]);
    u = atoi(argv[7]);
    m = n - 1;
    if (n % 4 != 0 || m >= MAXM || (long long)u * u % m * u % m != 1 || u % m == 1) {
        fprintf(stderr, "n must be 0 mod 4 (n - 1 < %d) and u of order 3 modulo n - 1\n", MAXM);
        return 2;
    }
    int fixed[MAXM], fixed_count = 0;
    for (int x = 0; x < m; x++)
        if ((long long)u * x % m == x) fixed[fixed_count++] = x;
    if (fixed_count != 3) {
        fprintf(stderr, "u must fix exactly 0, f and -f; it fixes %d elements\n", fixed_count);
        return 2;
    }
    int f = fixed[1];
    /* orbits of difference classes under {+-1, +-u, +-u^2}; the class of f is the fixed one */
    for (int d = 0; d < m; d++) class_orbit[d] = -2;
    class_orbit[0] = -1;
    orbit_classes = 0;
    for (int d = 1; d < m; d++) {
        if (class_orbit[d] != -2) continue;
        int id = (d == f || d == m - f) ? -1 : orbit_classes++;
        for (int k = 0, e = d; k < 3; k++, e = (int)((long long)e * u % m)) class_orbit[e] = class_orbit[m - e] = id;
    }
    /* one element per orbit of non-fixed elements */
    int representative[MAXM], orbit_count = 0, seen[MAXM] = {0};
    for (int x = 1; x < m; x++) {
        if (seen[x] || x == f || x == m - f) continue;
        representative[orbit_count++] = x;
        for (int k = 0, e = x; k < 3; k++, e = (int)((long long)e * u % m)) seen[e] = 1;
    }
    seat_count = orbit_count;
    short_tables = seat_count / 4;
    if (seat_count % 4) {
        fprintf(stderr, "%d orbits do not fill tables of four\n", seat_count);
        return 2;
    }

    clock_t start = clock();
    while ((double)(clock() - start) / CLOCKS_PER_SEC < seconds) {
        for (int i = 0; i < seat_count; i++) {
            int e = representative[i], turns = next_random() % 3;
            for (int k = 0; k < turns; k++) e = (int)((long long)e * u % m);
            seats[i] = e;
        }
        for (int i = seat_count - 1; i > 0; i--) {
            int j = next_random() % (i + 1), swap = seats[i];
            seats[i] = seats[j];
            seats[j] = swap;
        }
        memset(partner_count, 0, sizeof partner_count);
        memset(opponent_count, 0, sizeof opponent_count);
        fixed_hits = 0;
        for (int t = 0; t < short_tables; t++) apply(t, 1);
        int cost = 10 * fixed_hits;
        for (int k = 0; k < orbit_classes; k++) cost += abs(partner_count[k] - 1) + abs(opponent_count[k] - 2);
        double temperature = t0;
        for (long long i = 0; i < moves && cost > 0; i++) {
            int p = next_random() % seat_count, q = next_random() % seat_count;
            int tp = p / 4, tq = q / 4, old_p = seats[p], old_q = seats[q];
            int delta = apply(tp, -1) + (tq != tp ? apply(tq, -1) : 0);
            if (p == q) {
                seats[p] = (int)((long long)seats[p] * u % m);
            } else {
                seats[p] = old_q, seats[q] = old_p;
            }
            delta += apply(tp, 1) + (tq != tp ? apply(tq, 1) : 0);
            if (delta <= 0 || uniform() < exp(-delta / temperature)) {
                cost += delta;
            } else {
                apply(tp, -1);
                if (tq != tp) apply(tq, -1);
                seats[p] = old_p, seats[q] = old_q;
                apply(tp, 1);
                if (tq != tp) apply(tq, 1);
            }
            if ((i & 1023) == 0) temperature = t1 + (t0 - t1) * (1.0 - (double)i / moves);
        }
        if (cost == 0) {
            printf("FOUND n=%d group %d base %d %d %d %d", n, m, m, f, 0, m - f);
            for (int t = 0; t < short_tables; t++)
                for (int k = 0, power = 1; k < 3; k++, power = (int)((long long)power * u % m))
                    for (int s = 0; s < 4; s++) printf(" %d", (int)((long long)seats[4 * t + s] * power % m));
            printf("\n");
            return 0;
        }
    }
    printf("NOTFOUND n=%d\n", n);
    return 1;
}
