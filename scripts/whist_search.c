/* Offline search for the whist base rounds in competitions/pairings/whist_bases.json.
 *
 * Not part of the application or of the test run; the shipped data is checked by
 * tests/competitions/test_pairings_whist.py. The Python whist_search module does the same search,
 * about a hundred times slower; this is how the larger sizes were found.
 *
 *   gcc -O2 -o /tmp/whist_search scripts/whist_search.c -lm
 *   /tmp/whist_search N SECONDS SEED MOVES T0 T1 [m1 m2 ...]
 *
 * Group G = Z_m1 x Z_m2 x ... (elements numbered in mixed radix, first modulus most significant);
 * without moduli G = Z_n (n = 1 mod 4) or Z_(n-1) plus the fixed player "infinity" = n-1
 * (n = 0 mod 4). The base round is an arrangement of the players (all of G plus infinity, or G
 * without 0) into tables (a, b, c, d), partners a-c and b-d. It develops into a whist schedule
 * when the partner differences +-(a-c), +-(b-d) cover every non-zero element of G once and the
 * opponent differences +-(a-b), +-(a-d), +-(c-b), +-(c-d) cover it twice (pairs with infinity
 * excepted). Cost: the sum over the classes {g, -g} of |partner count - 1| + |opponent count - 2|.
 * Simulated annealing: a move swaps two seats; a worse arrangement is accepted with probability
 * exp(-delta / T), T falling linearly from T0 to T1 over MOVES moves, then a fresh start (n up to
 * 40 were found with 20000000 1.2 0.3, the larger sizes with 60000000 1.0 0.15).
 * With REPAIR=c in the environment, a fresh start that ends at cost c or less also tries every
 * pair of swaps (the uphill step the annealing rarely takes); with KICK=k every start after the
 * first begins k random swaps away from the best arrangement so far, at half the temperature. Bounded by SECONDS of processor time. Prints "FOUND n=.. group .. base .." or "NOTFOUND".
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define MAXN 80

#include "whist_random.h"

static int n, m, moduli_count, moduli[8], infinity, seat_count, table_count;
static int *class_of_pair; /* m*m: class of x - y, -1 for x == y */
static int seats[MAXN], partner_count[MAXN], opponent_count[MAXN];

static int difference(int x, int y) {
    int result = 0, radix = 1;
    for (int k = moduli_count - 1; k >= 0; k--) {
        int a = (x / radix) % moduli[k], b = (y / radix) % moduli[k];
        result += ((a - b + moduli[k]) % moduli[k]) * radix;
        radix *= moduli[k];
    }
    return result;
}

static int pair_class(int x, int y) { return (x == infinity || y == infinity) ? -1 : class_of_pair[x * m + y]; }

static int count(int *counts, int want, int x, int y, int sign) {
    int k = pair_class(x, y);
    if (k < 0) return 0;
    int old = counts[k];
    counts[k] = old + sign;
    return abs(old + sign - want) - abs(old - want);
}

/* Add (sign 1) or remove (sign -1) table t's pairs; returns the change of the cost. */
static int apply(int t, int sign) {
    int a = seats[4 * t], b = seats[4 * t + 1], c = seats[4 * t + 2], d = seats[4 * t + 3];
    return count(partner_count, 1, a, c, sign) + count(partner_count, 1, b, d, sign) +
           count(opponent_count, 2, a, b, sign) + count(opponent_count, 2, a, d, sign) +
           count(opponent_count, 2, c, b, sign) + count(opponent_count, 2, c, d, sign);
}

/* Swap seats p and q, keeping the counts; returns the change of the cost. */
static int swap_seats(int p, int q) {
    int tp = p / 4, tq = q / 4, swap;
    int delta = apply(tp, -1) + (tq != tp ? apply(tq, -1) : 0);
    swap = seats[p], seats[p] = seats[q], seats[q] = swap;
    return delta + apply(tp, 1) + (tq != tp ? apply(tq, 1) : 0);
}

/* From a near miss: try every pair of swaps (the uphill step annealing rarely takes). 1 if solved. */
static int repair(int cost) {
    for (int p = 0; p < seat_count; p++)
        for (int q = p + 1; q < seat_count; q++) {
            int first = swap_seats(p, q);
            for (int r = p; r < seat_count; r++)
                for (int s = r + 1; s < seat_count; s++) {
                    if (r == p && s <= q) continue;
                    int second = swap_seats(r, s);
                    if (cost + first + second == 0) return 1;
                    swap_seats(r, s);
                }
            swap_seats(p, q);
        }
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 7) {
        fprintf(stderr, "usage: %s N SECONDS SEED MOVES T0 T1 [moduli...]\n", argv[0]);
        return 2;
    }
    n = atoi(argv[1]);
    double seconds = atof(argv[2]);
    state ^= (unsigned long long)atoll(argv[3]) * 2654435761ULL + 1;
    const long long moves = atoll(argv[4]);
    const double t0 = atof(argv[5]), t1 = atof(argv[6]);
    const int repair_below = getenv("REPAIR") ? atoi(getenv("REPAIR")) : 0; /* 0: no repair */
    const int kick = getenv("KICK") ? atoi(getenv("KICK")) : 0; /* 0: every start from scratch */
    int best_cost = 1 << 30, best_seats[MAXN];
    moduli_count = argc - 7;
    m = 1;
    for (int k = 0; k < moduli_count; k++) m *= moduli[k] = atoi(argv[7 + k]);
    if (moduli_count == 0) {
        moduli_count = 1;
        m = moduli[0] = (n % 4 == 0) ? n - 1 : n;
    }
    if ((n % 4 != 0 && n % 4 != 1) || n > MAXN || m != ((n % 4 == 0) ? n - 1 : n)) {
        fprintf(stderr, "n must be 0 or 1 mod 4, at most %d, and the group of order n-1 or n\n", MAXN);
        return 2;
    }
    infinity = m;
    seat_count = (n % 4 == 0) ? n : n - 1;
    table_count = seat_count / 4;
    int *class_of = malloc(sizeof(int) * m), classes = 0;
    for (int g = 0; g < m; g++) class_of[g] = -1;
    for (int g = 1; g < m; g++)
        if (class_of[g] < 0) class_of[g] = class_of[difference(0, g)] = classes++;
    class_of_pair = malloc(sizeof(int) * m * m);
    for (int x = 0; x < m; x++)
        for (int y = 0; y < m; y++) class_of_pair[x * m + y] = (x == y) ? -1 : class_of[difference(x, y)];

    clock_t start = clock();
    while ((double)(clock() - start) / CLOCKS_PER_SEC < seconds) {
        int filled = 0;
        for (int p = (n % 4 == 0) ? 0 : 1; p < m; p++) seats[filled++] = p;
        if (n % 4 == 0) seats[filled++] = infinity;
        for (int i = seat_count - 1; i > 0; i--) {
            int j = next_random() % (i + 1), swap = seats[i];
            seats[i] = seats[j];
            seats[j] = swap;
        }
        if (kick > 0 && best_cost < (1 << 30)) { /* iterated: from the best arrangement, a few swaps away */
            memcpy(seats, best_seats, sizeof seats);
            for (int k = 0; k < kick; k++) {
                int p = next_random() % seat_count, q = next_random() % seat_count, swap = seats[p];
                seats[p] = seats[q];
                seats[q] = swap;
            }
        }
        memset(partner_count, 0, sizeof partner_count);
        memset(opponent_count, 0, sizeof opponent_count);
        for (int t = 0; t < table_count; t++) apply(t, 1);
        int cost = 0;
        for (int k = 0; k < classes; k++) cost += abs(partner_count[k] - 1) + abs(opponent_count[k] - 2);
        double temperature = (kick > 0 && best_cost < (1 << 30)) ? (t0 + t1) / 2 : t0;
        const double top = temperature;
        for (long long i = 0; i < moves; i++) {
            if (cost == 0) {
                printf("FOUND n=%d group", n);
                for (int k = 0; k < moduli_count; k++) printf(" %d", moduli[k]);
                printf(" base");
                for (int q = 0; q < seat_count; q++) printf(" %d", seats[q]);
                printf("\n");
                return 0;
            }
            int p = next_random() % seat_count, q = next_random() % seat_count;
            if (p == q) continue;
            int tp = p / 4, tq = q / 4, swap;
            int delta = apply(tp, -1) + (tq != tp ? apply(tq, -1) : 0);
            swap = seats[p], seats[p] = seats[q], seats[q] = swap;
            delta += apply(tp, 1) + (tq != tp ? apply(tq, 1) : 0);
            if (delta <= 0 || uniform() < exp(-delta / temperature)) {
                cost += delta;
            } else {
                apply(tp, -1);
                if (tq != tp) apply(tq, -1);
                swap = seats[p], seats[p] = seats[q], seats[q] = swap;
                apply(tp, 1);
                if (tq != tp) apply(tq, 1);
            }
            if ((i & 1023) == 0) temperature = t1 + (top - t1) * (1.0 - (double)i / moves);
        }
        if (cost <= repair_below && repair(cost)) cost = 0;
        if (cost < best_cost) best_cost = cost, memcpy(best_seats, seats, sizeof seats);
        if (cost == 0) {
            printf("FOUND n=%d group", n);
            for (int k = 0; k < moduli_count; k++) printf(" %d", moduli[k]);
            printf(" base");
            for (int q = 0; q < seat_count; q++) printf(" %d", seats[q]);
            printf("\n");
            return 0;
        }
    }
    printf("NOTFOUND n=%d\n", n);
    return 1;
}
