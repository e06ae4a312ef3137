/* Offline search for whist base rounds in two phases: partner pairs first, then tables.
 *
 * Companion of scripts/whist_search.c (read that first): same base-round conditions, but a group
 * that may be non-abelian, and a different search.
 *
 *   gcc -O2 -o /tmp/whist_search_twophase scripts/whist_search_twophase.c
 *   /tmp/whist_search_twophase N SECONDS SEED NODES [P Q R]
 *
 * Group G: without P Q R the cyclic group Z_n (n = 1 mod 4) or Z_(n-1) plus the fixed player
 * "infinity" = n-1 (n = 0 mod 4); with P Q R the semidirect product Z_P x| Z_Q of order P*Q, R of
 * order Q modulo P: (a1, b1)(a2, b2) = (a1 + R^b1 a2 mod P, b1 + b2 mod Q), the element (a, b)
 * numbered a*Q + b (identity 0). Rounds are the left translates g*B of the base round B, so the
 * invariant of a pair (x, y) is x^-1 y (y - x when G is abelian), and its class is {x^-1 y, y^-1 x}.
 * B works when its partner pairs' classes cover every non-identity class once and its opponent
 * pairs' classes every class twice (pairs with infinity excepted).
 *
 * Phase 1 draws a random "starter": the players of B (G without the identity, or G plus infinity)
 * split into partner pairs whose classes cover every class once (a short annealing over swaps).
 * Phase 2 decides which two partner pairs share a table (the table of pairs {a, c} and {b, d} has
 * the four opponent pairs a-b, a-d, c-b, c-d whatever the seating): an exact backtracking search,
 * every class to be hit exactly twice, branching on the unmatched pair or short class with the
 * fewest candidates. After NODES nodes without a solution it draws a new starter.
 * Bounded by SECONDS of processor time. Prints "FOUND n=.. group .. base .." (tables a b c d,
 * partners a-c and b-d) or "NOTFOUND"; with VERBOSE=1 in the environment also each starter's
 * outcome and node count on stderr.
 * Found: n = 57 (Z_57) and 60 (Z_59 with infinity), where the annealing had failed, with NODES
 * 100000000 (a starter's whole search tree is then some 70 million nodes for n = 57); the sizes
 * up to 52 take seconds (NODES 10000 to 1000000).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "whist_random.h"

#define MAXM 80

static int n, m, infinity, pair_count, classes, semi_p, semi_q, semi_r;
static int mul[MAXM][MAXM], inv[MAXM], class_of[MAXM];
static int first[MAXM / 2 + 1], second[MAXM / 2 + 1]; /* the partner pairs */
static int table_classes[MAXM / 2 + 1][MAXM / 2 + 1][4], table_hits[MAXM / 2 + 1][MAXM / 2 + 1];
static int matched[MAXM / 2 + 1], mate[MAXM / 2 + 1], hits[MAXM];
static long long nodes, node_limit;

static int pair_class(int x, int y) { return (x == infinity || y == infinity) ? -1 : class_of[mul[inv[x]][y]]; }

static void make_group(void) {
    if (semi_p) {
        int power[MAXM];
        power[0] = 1;
        for (int k = 1; k < semi_q; k++) power[k] = power[k - 1] * semi_r % semi_p;
        for (int x = 0; x < m; x++)
            for (int y = 0; y < m; y++) {
                int a1 = x / semi_q, b1 = x % semi_q, a2 = y / semi_q, b2 = y % semi_q;
                mul[x][y] = ((a1 + power[b1] * a2) % semi_p) * semi_q + (b1 + b2) % semi_q;
            }
    } else {
        for (int x = 0; x < m; x++)
            for (int y = 0; y < m; y++) mul[x][y] = (x + y) % m;
    }
    for (int x = 0; x < m; x++)
        for (int y = 0; y < m; y++)
            if (mul[x][y] == 0) inv[x] = y;
    for (int g = 0; g < m; g++) class_of[g] = -1;
    classes = 0;
    for (int g = 1; g < m; g++)
        if (class_of[g] < 0) class_of[g] = class_of[inv[g]] = classes++;
}

/* Phase 1: a random starter (annealing over swaps of players between pairs). */
static void make_starter(void) {
    int players[MAXM + 1], count = 0, partner_hits[MAXM];
    for (int x = (n % 4 == 0) ? 0 : 1; x < m; x++) players[count++] = x;
    if (n % 4 == 0) players[count++] = infinity;
    for (;;) {
        for (int i = count - 1; i > 0; i--) {
            int j = next_random() % (i + 1), swap = players[i];
            players[i] = players[j], players[j] = swap;
        }
        memset(partner_hits, 0, sizeof partner_hits);
        for (int p = 0; p < count; p += 2) {
            int k = pair_class(players[p], players[p + 1]);
            if (k >= 0) partner_hits[k]++;
        }
        int cost = 0;
        for (int k = 0; k < classes; k++) cost += abs(partner_hits[k] - 1);
        for (long long step = 0; step < 2000000 && cost > 0; step++) {
            int p = next_random() % count, q = next_random() % count;
            if (p / 2 == q / 2) continue;
            int pp = p ^ 1, qq = q ^ 1, delta = 0;
            int old1 = pair_class(players[p], players[pp]), old2 = pair_class(players[q], players[qq]);
            int new1 = pair_class(players[q], players[pp]), new2 = pair_class(players[p], players[qq]);
            int olds[2] = {old1, old2}, news[2] = {new1, new2};
            for (int k = 0; k < 2; k++)
                if (olds[k] >= 0) delta += abs(partner_hits[olds[k]] - 2) - abs(partner_hits[olds[k]] - 1), partner_hits[olds[k]]--;
            for (int k = 0; k < 2; k++)
                if (news[k] >= 0) delta += abs(partner_hits[news[k]]) - abs(partner_hits[news[k]] - 1), partner_hits[news[k]]++;
            if (delta <= 0 || uniform() < 0.1) {
                int swap = players[p];
                players[p] = players[q], players[q] = swap;
                cost += delta;
            } else {
                for (int k = 0; k < 2; k++)
                    if (news[k] >= 0) partner_hits[news[k]]--;
                for (int k = 0; k < 2; k++)
                    if (olds[k] >= 0) partner_hits[olds[k]]++;
            }
        }
        if (cost == 0) break;
    }
    for (int p = 0; p < pair_count; p++) first[p] = players[2 * p], second[p] = players[2 * p + 1];
    for (int i = 0; i < pair_count; i++)
        for (int j = 0; j < pair_count; j++) {
            int cross[4][2] = {{first[i], first[j]}, {first[i], second[j]}, {second[i], first[j]}, {second[i], second[j]}};
            table_hits[i][j] = 0;
            for (int k = 0; k < 4; k++) {
                int c = pair_class(cross[k][0], cross[k][1]);
                if (c >= 0) table_classes[i][j][table_hits[i][j]++] = c;
            }
        }
}

static int fits(int i, int j) {
    const int *c = table_classes[i][j];
    for (int k = 0; k < table_hits[i][j]; k++) {
        int extra = 1; /* a table may hit one class twice */
        for (int l = 0; l < k; l++) extra += c[l] == c[k];
        if (hits[c[k]] + extra > 2) return 0;
    }
    return 1;
}

static void place(int i, int j, int sign) {
    matched[i] = matched[j] = (sign > 0);
    mate[i] = j, mate[j] = i;
    for (int k = 0; k < table_hits[i][j]; k++) hits[table_classes[i][j][k]] += sign;
}

/* Phase 2: 1 when every pair is matched with every class hit twice; -1 when out of nodes. */
static int search(void) {
    if (++nodes > node_limit) return -1;
    int options[MAXM / 2 + 1] = {0}, available[MAXM] = {0}, any = 0;
    for (int i = 0; i < pair_count; i++) {
        if (matched[i]) continue;
        any = 1;
        for (int j = i + 1; j < pair_count; j++)
            if (!matched[j] && fits(i, j)) {
                options[i]++, options[j]++;
                for (int k = 0; k < table_hits[i][j]; k++) available[table_classes[i][j][k]]++;
            }
    }
    if (!any) return 1;
    int best = 1 << 30, best_pair = -1, best_class = -1;
    for (int i = 0; i < pair_count; i++)
        if (!matched[i]) {
            if (options[i] == 0) return 0;
            if (options[i] < best) best = options[i], best_pair = i, best_class = -1;
        }
    for (int c = 0; c < classes; c++) {
        int need = 2 - hits[c];
        if (need == 0) continue;
        if (available[c] < need) return 0;
        if (available[c] < best) best = available[c], best_class = c, best_pair = -1;
    }
    int candidates[MAXM * MAXM][2], count = 0;
    for (int i = 0; i < pair_count; i++) {
        if (matched[i]) continue;
        for (int j = i + 1; j < pair_count; j++) {
            if (matched[j] || !fits(i, j)) continue;
            int take = 0;
            if (best_pair >= 0) take = (i == best_pair || j == best_pair);
            else
                for (int k = 0; k < table_hits[i][j]; k++) take |= table_classes[i][j][k] == best_class;
            if (take) candidates[count][0] = i, candidates[count][1] = j, count++;
        }
    }
    for (int k = count - 1; k > 0; k--) {
        int r = next_random() % (k + 1), a = candidates[k][0], b = candidates[k][1];
        candidates[k][0] = candidates[r][0], candidates[k][1] = candidates[r][1];
        candidates[r][0] = a, candidates[r][1] = b;
    }
    for (int k = 0; k < count; k++) {
        place(candidates[k][0], candidates[k][1], 1);
        int result = search();
        if (result != 0) return result; /* solved (keep the placement) or out of nodes */
        place(candidates[k][0], candidates[k][1], -1);
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc != 5 && argc != 8) {
        fprintf(stderr, "usage: %s N SECONDS SEED NODES [P Q R]\n", argv[0]);
        return 2;
    }
    n = atoi(argv[1]);
    double seconds = atof(argv[2]);
    state ^= (unsigned long long)atoll(argv[3]) * 2654435761ULL + 1;
    node_limit = atoll(argv[4]);
    m = (n % 4 == 0) ? n - 1 : n;
    if (argc == 8) semi_p = atoi(argv[5]), semi_q = atoi(argv[6]), semi_r = atoi(argv[7]);
    if ((n % 4 != 0 && n % 4 != 1) || m >= MAXM || (semi_p && semi_p * semi_q != m)) {
        fprintf(stderr, "n must be 0 or 1 mod 4, n - 1 < %d, and P*Q the group order\n", MAXM);
        return 2;
    }
    if (semi_p) {
        int power = 1;
        for (int k = 0; k < semi_q; k++) power = power * semi_r % semi_p;
        if (power != 1) {
            fprintf(stderr, "R^Q must be 1 modulo P\n");
            return 2;
        }
    }
    infinity = m;
    pair_count = ((n % 4 == 0) ? n : n - 1) / 2;
    make_group();
    clock_t start = clock();
    long long starters = 0;
    while ((double)(clock() - start) / CLOCKS_PER_SEC < seconds) {
        make_starter();
        starters++;
        memset(matched, 0, sizeof matched);
        memset(hits, 0, sizeof hits);
        nodes = 0;
        int result = search();
        if (getenv("VERBOSE")) fprintf(stderr, "starter %lld: %s after %lld nodes\n", starters, result == 1 ? "solved" : result == 0 ? "exhausted" : "out of nodes", nodes);
        if (result == 1) {
            printf("FOUND n=%d group", n);
            if (semi_p) printf(" %d x| %d (r=%d)", semi_p, semi_q, semi_r);
            else printf(" %d", m);
            printf(" base");
            for (int i = 0; i < pair_count; i++)
                if (mate[i] > i) printf(" %d %d %d %d", first[i], first[mate[i]], second[i], second[mate[i]]);
            printf("\nstarters %lld, %.1f s\n", starters, (double)(clock() - start) / CLOCKS_PER_SEC);
            return 0;
        }
    }
    printf("NOTFOUND n=%d starters %lld\n", n, starters);
    return 1;
}
