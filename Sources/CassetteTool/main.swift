print("cassette: usage: cassette <lint|scrub|prune> [PATH...]")
