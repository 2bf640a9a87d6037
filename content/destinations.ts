import type { Destination } from "./types";

/** Study destinations (home #destinations and the footer), in display order. */
export const destinations: Destination[] = [
  {
    name: "United Kingdom",
    countryCode: "GB",
    why: "Bachelor's degrees take three years and most master's degrees one, and the Graduate Route lets you stay on to work after you finish.",
  },
  {
    name: "United States",
    countryCode: "US",
    why: "A flexible liberal arts system lets you explore subjects before choosing a major, with thousands of institutions to choose from.",
  },
  {
    name: "Canada",
    countryCode: "CA",
    why: "Well-regarded public universities and colleges, co-op programmes with paid work terms, and clear routes to post-study work.",
  },
  {
    name: "Australia",
    countryCode: "AU",
    why: "Strong research universities in lively coastal cities, with part-time work permitted during your studies.",
  },
  {
    name: "Germany",
    countryCode: "DE",
    why: "Public universities charge little or no tuition for most programmes, and a growing number of master's degrees are taught in English.",
  },
  {
    name: "France",
    countryCode: "FR",
    why: "Internationally known business schools and engineering grandes écoles, with public university fees that remain modest.",
  },
  {
    name: "Ireland",
    countryCode: "IE",
    why: "An English-speaking EU country where Dublin hosts the European offices of many technology and pharmaceutical companies.",
  },
  {
    name: "Spain",
    countryCode: "ES",
    why: "Well-known business schools in Madrid and Barcelona and a lower cost of living than many Western European capitals.",
  },
  {
    name: "United Arab Emirates",
    countryCode: "AE",
    why: "Branch campuses of UK, US and Australian universities in Dubai award the same degrees, closer to home for many students in the Gulf and South Asia.",
  },
  {
    name: "Malta",
    countryCode: "MT",
    why: "A small English-speaking EU island whose education system follows the British model, with a warm climate and an affordable pace of life.",
  },
];
