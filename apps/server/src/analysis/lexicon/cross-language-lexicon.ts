import type { TOtherLanguageCode } from '../extract/detect-language'

/**
 * The words of support mail that tell its category, in each language the analysis reads besides English,
 * with the English words the category model learnt for them. Written from knowledge of the languages and
 * of support mail for issue 28 (2026-11-28), before any per-row result was read and without reading the
 * evaluation rows (decision 050).
 *
 * Each line is `english words: word word ...`. A word is matched on the start of a ticket's word once
 * both are lower-cased and stripped of accents ("factur" covers facture, factures, facturation); a word
 * of four letters or fewer only as a whole word. In German and Dutch the end of a compound is matched as
 * well ("Kundenkonto" ends in "konto"). The longest match wins, so "funktionier" (works) beats "funktion"
 * (feature).
 */
export const CROSS_LANGUAGE_LEXICON: Record<TOtherLanguageCode, string> = {
  de: `
error: fehler fehlermeldung fehlercode
crash: absturz abstürz stürzt abgestürzt
not: nicht kein keine keinen nie
works: funktionier funktioniert geht läuft
problem: problem problematik störung schwierigkeit
outage: ausfall ausgefallen unterbrechung
down: offline
broken: kaputt defekt
bug: bug programmfehler
install: installier installation einrichtung einricht
update: aktualisier update
upgrade: upgrade
connection: verbindung verbind anschluss
network: netzwerk netz wlan router
server: server
sync: synchronisier
slow: langsam verzögerung verzögert
loading: laden lädt ladezeit
open: öffnen öffnet geöffnet
start: starten startet neustart
software: software programm anwendung
app: app
system: system systeme
device: gerät geräte hardware
printer: drucker druck
computer: computer rechner laptop
screen: bildschirm anzeige display
file: datei dateien dokument
upload: hochladen hochgeladen
download: herunterladen heruntergeladen
data: daten datenbank
security: sicherheit
settings: einstellung konfiguration konfigurier
integration: integration schnittstelle
fix: beheben behoben reparier lösung lösen
fails: fehlgeschlagen schlägt scheitert
freezes: hängt einfrieren friert
email: mail e-mail email postfach
website: webseite website internetseite
version: version
login: anmeld einlogg login
sign up: registrier
password: passwort kennwort
account: konto benutzerkonto kundenkonto account zugang
access: zugriff
user: benutzer nutzer
locked: gesperrt sperrung
verification code: bestätigungscode verifizierung
invoice: rechnung faktura
payment: zahlung bezahl zahlen gezahlt bezahlt überweisung
charged: abgebucht abbuchung belastet berechnet
price: preis preise
fee: gebühr
cost: kosten
subscription: abonnement abo mitgliedschaft
plan: tarif
credit card: kreditkarte
bank: bank kontoauszug
amount: betrag summe
twice: doppelt zweimal
tax: steuer mehrwertsteuer
billing: abrechnung
money: geld
receipt: quittung beleg
reminder: mahnung
discount: rabatt gutschein
order: bestell auftrag
delivery: liefer geliefert zustellung zugestellt
shipping: versand versendet verschickt
package: paket sendung lieferung
tracking: sendungsverfolgung verfolgung
arrived: angekommen erhalten
address: adresse anschrift
item: artikel ware
damaged: beschädigt
wrong: falsch
missing: fehlt fehlend
return: rücksendung zurücksenden zurückschicken retoure umtausch
refund: erstattung erstatt rückerstattung rückzahlung
cancel: kündig storno stornier widerruf abbestell
purchase: kauf gekauft
store: shop geschäft
privacy: datenschutz dsgvo
delete: löschen gelöscht löschung
personal: persönlich personenbezogen
consent: einwilligung zustimmung
contract: vertrag
terms: bedingungen agb
newsletter: newsletter werbung
feature: funktion funktionen
suggestion: vorschlag anregung
would like: wünsch wunsch möchte
improvement: verbesserung
option: option möglichkeit
thank you: danke dank
great: super toll hervorragend ausgezeichnet
satisfied: zufrieden
disappointed: enttäuscht unzufrieden
complaint: beschwerde reklamation
friendly: freundlich
service: service kundendienst
`,
  fr: `
error: erreur
crash: plante planté plantage crash
not: pas plus aucun jamais
works: fonctionn marche
problem: problème souci incident dysfonctionnement
outage: panne interruption coupure
down: indisponible
broken: cassé défectueux endommagé
bug: bug bogue
install: install
update: mise actualis
connection: connexion connect
network: réseau wifi routeur
server: serveur
sync: synchronis
slow: lent lenteur ralenti
loading: charg
open: ouvr ouvert
start: démarr redémarr lanc
software: logiciel programme
app: application appli app
system: système
device: appareil matériel
printer: imprimante
computer: ordinateur
screen: écran affichage
file: fichier document
upload: téléverser téléchargement
download: télécharg
data: données base
security: sécurité
settings: paramètr réglage configur
integration: intégration
fix: résoudre corriger réparer résolu corrigé réparé solution
fails: échoue échec
freezes: bloqué fige figé
email: courriel mail messagerie
website: site
version: version
login: connecter identifi
sign up: inscri
password: mot
account: compte
access: accès
user: utilisateur
locked: verrouill
verification code: vérification
invoice: factur
payment: paiement payer payé réglé règlement virement
charged: débit prélev prélèvement
price: prix tarif
fee: frais
cost: coût
subscription: abonnement
plan: forfait formule
credit card: carte
bank: banque bancaire
amount: montant somme
twice: double
tax: taxe tva
money: argent
receipt: quittance
reminder: relance
discount: remise réduction
order: command
delivery: livr
shipping: expédi envoi envoy
package: colis paquet
tracking: suivi
arrived: arrivé reçu
address: adresse
item: article produit
damaged: abîmé
wrong: mauvais erroné
missing: manqu
return: retour retourner échange
refund: rembours
cancel: annul résili
purchase: achat achet
store: boutique magasin
privacy: confidentialité rgpd
delete: supprim effac
personal: personnel personnelles
consent: consentement
contract: contrat
terms: conditions cgv
newsletter: newsletter publicité
feature: fonctionnalité
suggestion: suggestion propos
would like: souhait aimerais voudrais
improvement: amélior
option: option possibilité
thank you: merci remerci
great: excellent super génial parfait
satisfied: satisfait
disappointed: déçu mécontent
complaint: plainte réclamation
friendly: aimable
service: service
`,
  es: `
error: error fallo
crash: bloquea cierra colgado
not: no nunca ningún ninguna
works: funciona funcionan funcionar
problem: problema incidencia inconveniente
outage: caída interrupción
down: caído
broken: roto defectuoso
bug: bug
install: instal
update: actualiz
upgrade: mejorar
connection: conexión conect
network: red wifi router
server: servidor
sync: sincroniz
slow: lento lentitud
loading: carga cargar
open: abrir abre
start: inici reinici arranc
software: software programa
app: aplicación app
system: sistema
device: dispositivo equipo
printer: impresora
computer: ordenador computadora portátil
screen: pantalla
file: archivo fichero documento
upload: subir
download: descarg
data: datos
security: seguridad
settings: configur ajuste
integration: integración
fix: solucion resolver arreglar corregir
fails: falla
freezes: congela
email: correo email
website: web página
version: versión
login: sesión acceder
sign up: registr
password: contraseña clave
account: cuenta
access: acceso
user: usuario
locked: bloqueada bloqueado
verification code: verificación código
invoice: factur
payment: pago pagar pagado pagué transferencia
charged: cobr cargo
price: precio tarifa
fee: comisión
cost: costo coste
subscription: suscripción
plan: plan
credit card: tarjeta
bank: banco bancaria
amount: importe monto cantidad
twice: veces duplicado doble
tax: impuesto iva
money: dinero
receipt: recibo
discount: descuento
order: pedido orden
delivery: entreg
shipping: envío enviado
package: paquete
tracking: seguimiento rastreo
arrived: llegado llegó recibido
address: dirección
item: artículo producto
damaged: dañado
wrong: equivocado incorrecto
missing: falta
return: devolución devolver cambio
refund: reembols
cancel: cancel anul
purchase: compra
store: tienda
privacy: privacidad rgpd
delete: elimin borrar
personal: personales
consent: consentimiento
contract: contrato
terms: condiciones
newsletter: boletín publicidad
feature: funcionalidad función
suggestion: sugerencia propuesta
would like: gustaría
improvement: mejora
option: opción
thank you: gracias agradec
great: excelente genial perfecto
satisfied: satisfecho
disappointed: decepcionado
complaint: queja reclamación
friendly: amable
service: servicio
`,
  pt: `
error: erro falha
crash: trava travando fecha
not: não nunca nenhum nenhuma
works: funciona funcionar
problem: problema
outage: queda interrupção
down: fora
broken: quebrado defeito
bug: bug
install: instal
update: atualiz
connection: conexão conect
network: rede wifi roteador
server: servidor
sync: sincroniz
slow: lento lentidão
loading: carreg
open: abrir abre
start: inici reinici
software: software programa
app: aplicativo app
system: sistema
device: dispositivo equipamento
printer: impressora
computer: computador notebook
screen: tela
file: arquivo documento
upload: enviar
download: baixar
data: dados
security: segurança
settings: configur
integration: integração
fix: resolver corrigir consertar solução
fails: falhou
freezes: congela
email: email e-mail
website: site
version: versão
login: login entrar acessar
sign up: cadastr
password: senha
account: conta
access: acesso
user: usuário
locked: bloquead
verification code: verificação código
invoice: fatur
payment: pagamento pagar pago boleto pix transferência
charged: cobr débito
price: preço
fee: taxa
cost: custo
subscription: assinatura
plan: plano
credit card: cartão
bank: banco bancária
amount: valor
twice: duas vezes duplicidade
tax: imposto
money: dinheiro
receipt: recibo
discount: desconto
order: pedido encomenda
delivery: entreg
shipping: envio enviado
package: pacote
tracking: rastreamento rastreio
arrived: chegou recebi
address: endereço
item: produto item
damaged: danificado
wrong: errado
missing: faltando
return: devolução devolver troca
refund: reembols estorno
cancel: cancel
purchase: compra
store: loja
privacy: privacidade lgpd
delete: excluir apagar
personal: pessoais
consent: consentimento
contract: contrato
terms: termos
newsletter: newsletter
feature: funcionalidade recurso
suggestion: sugestão
would like: gostaria
improvement: melhoria
option: opção
thank you: obrigad agradeç
great: excelente ótimo perfeito
satisfied: satisfeito
disappointed: decepcionado
complaint: reclamação
friendly: simpático
service: atendimento serviço
`,
  it: `
error: errore
crash: crash blocca chiude
not: non mai nessun
works: funziona funzionare
problem: problema
outage: interruzione disservizio
down: irraggiungibile
broken: rotto difettoso
bug: bug
install: install
update: aggiorn
connection: connessione collegamento
network: rete wifi router
server: server
sync: sincronizz
slow: lento lentezza
loading: caric
open: aprire apre
start: avvi riavvi
software: software programma
app: applicazione app
system: sistema
device: dispositivo
printer: stampante
computer: computer portatile
screen: schermo
file: file documento
upload: caricare
download: scaric
data: dati
security: sicurezza
settings: impostazion configur
integration: integrazione
fix: risolvere correggere riparare soluzione
fails: fallisce
freezes: congelato
email: email posta
website: sito
version: versione
login: accedere login
sign up: registr
password: password
account: account
access: accesso
user: utente
locked: bloccato
verification code: verifica codice
invoice: fattur
payment: pagamento pagare pagato bonifico
charged: addebit
price: prezzo
fee: commissione
cost: costo
subscription: abbonamento
plan: piano
credit card: carta
bank: banca
amount: importo
twice: volte doppio
tax: tasse iva
money: soldi
receipt: ricevuta
discount: sconto
order: ordin
delivery: consegn
shipping: spedizion spedito
package: pacco
tracking: tracciamento
arrived: arrivato ricevuto
address: indirizzo
item: articolo prodotto
damaged: danneggiato
wrong: sbagliato
missing: manca
return: reso restituire cambio
refund: rimbors
cancel: annull disdett
purchase: acquist
store: negozio
privacy: privacy gdpr
delete: cancellare eliminare
personal: personali
consent: consenso
contract: contratto
terms: condizioni
newsletter: newsletter
feature: funzionalità funzione
suggestion: suggerimento proposta
would like: vorrei piacerebbe
improvement: miglioramento
option: opzione
thank you: grazie ringrazi
great: ottimo eccellente perfetto
satisfied: soddisfatto
disappointed: deluso
complaint: reclamo
friendly: gentile
service: servizio assistenza
`,
  nl: `
error: fout foutmelding
crash: crasht vastloop loopt
not: niet geen nooit
works: werkt werken
problem: probleem storing
outage: uitval
down: offline
broken: kapot defect
bug: bug
install: installer installatie
update: update bijwerk
connection: verbinding
network: netwerk wifi router
server: server
sync: synchronis
slow: traag langzaam
loading: laden laadt
open: openen opent
start: opstart herstart
software: software programma
app: app applicatie
system: systeem
device: apparaat
printer: printer
computer: computer laptop
screen: scherm
file: bestand document
upload: uploaden
download: downloaden
data: gegevens data
security: beveiliging
settings: instelling configur
integration: integratie koppeling
fix: oplossen opgelost oplossing
fails: mislukt
freezes: bevroren
email: mail e-mail
website: website
version: versie
login: inloggen ingelogd aanmeld
sign up: registr
password: wachtwoord
account: account
access: toegang
user: gebruiker
locked: geblokkeerd
verification code: verificatie
invoice: factuur facturen
payment: betaling betalen betaald overboeking
charged: afgeschreven incasso
price: prijs
fee: kosten
subscription: abonnement
plan: tarief
credit card: creditcard
bank: bank rekening
amount: bedrag
twice: dubbel twee keer
tax: btw belasting
money: geld
receipt: bon
reminder: aanmaning
discount: korting
order: bestel
delivery: lever geleverd bezorg
shipping: verzend verzonden
package: pakket
tracking: track
arrived: ontvangen aangekomen
address: adres
item: artikel product
damaged: beschadigd
wrong: verkeerd
missing: ontbreekt
return: retour terugsturen ruilen
refund: terugbetal
cancel: annuler opzeg
purchase: aankoop gekocht
store: winkel
privacy: privacy avg
delete: verwijder
personal: persoonlijk persoonsgegevens
consent: toestemming
contract: contract overeenkomst
terms: voorwaarden
newsletter: nieuwsbrief
feature: functie functionaliteit
suggestion: suggestie voorstel
would like: graag zou
improvement: verbetering
option: optie
thank you: bedankt dank
great: geweldig uitstekend top
satisfied: tevreden
disappointed: teleurgesteld ontevreden
complaint: klacht
friendly: vriendelijk
service: service klantenservice
`,
}
