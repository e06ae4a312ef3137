/* The random numbers of the offline whist searches (scripts/whist_search*.c): xorshift64, seeded by
 * mixing the command line's SEED into `state`. */
#ifndef WHIST_RANDOM_H
#define WHIST_RANDOM_H

static unsigned long long state = 88172645463325252ULL;
static unsigned long long next_random(void) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}
static double uniform(void) { return (next_random() >> 11) * (1.0 / 9007199254740992.0); }

#endif
